// CORS from an allowlist, never "*": the site's own origin, configured partner origins, and partner
// origins registered in the database (table public.partners).

/** CORS headers for a request from `origin`: empty when the origin is not allowed. */
export function corsHeaders(origin: string | null, allowed: ReadonlySet<string>): Record<string, string> {
  if (!origin || !allowed.has(origin)) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    // What supabase.functions.invoke and @supabase/functions-js send, plus our idempotency key.
    "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type, idempotency-key",
    "Access-Control-Max-Age": "86400",
    Vary: "Origin",
  };
}
