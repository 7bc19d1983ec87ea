// CORS decides only what a browser may read, never what is accepted: whether a POST is accepted is the
// origin check's job (send-contact-email/handler.ts: the site and registered partners only, judged
// before the body is read). So every page may read the answers to its own requests: a page that is not
// registered only ever gets a refusal that carries its cause (`code: "notRegistered"`), which its embed
// shows in Danish and its developer sees in the console, instead of a network error. Never "*", never
// credentials, and nothing for an opaque origin ("null").

/**
 * CORS headers for a request from `origin`. Every answer varies by Origin (a shared cache must not hand
 * one origin's answer to another); a browser origin gets the Allow-* headers.
 */
export function corsHeaders(origin: string | null): Record<string, string> {
  if (!origin || origin === "null") return { Vary: "Origin" };
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
