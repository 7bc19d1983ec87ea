// CORS from an allowlist, never "*": the site's own origin, configured partner origins, and partner
// origins registered in the database (table public.partners).

/**
 * CORS headers for a request from `origin`. Every answer varies by Origin (a shared cache must not hand
 * one origin's answer to another); only an allowed origin gets the Allow-* headers.
 */
export function corsHeaders(origin: string | null, allowed: ReadonlySet<string>): Record<string, string> {
  if (!origin || !allowed.has(origin)) return { Vary: "Origin" };
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    // What supabase.functions.invoke and @supabase/functions-js send (x-region with a pinned region),
    // plus our idempotency key.
    "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type, idempotency-key, x-region",
    "Access-Control-Max-Age": "86400",
    Vary: "Origin",
  };
}
