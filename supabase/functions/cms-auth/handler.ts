// The CMS's GitHub sign-in: the OAuth web flow behind the "external OAuth client" protocol of Decap CMS
// (and Sveltia CMS). The CMS opens a popup on the site's /admin/auth, which forwards here; this sends
// the popup to GitHub with a signed, short-lived `state`, tied to this browser by a cookie; GitHub sends
// it back with `code` and `state`; this checks both, trades the code for a token and sends the popup to
// the site's /admin/auth with the token in the URL fragment (never the query: a fragment reaches no
// server and no log). That page, of the site's own origin, hands the token to the CMS window. The
// function cannot hand it over itself: without a custom domain the platform serves a function's
// text/html as text/plain.
import type { Logger } from "../_shared/log.ts";
import type { CmsAuthConfig } from "./config.ts";

/** Where the token goes: the site's page that hands it to the CMS window (site/admin/auth.html). */
export const RETURN_PATH = "/admin/auth";
/** How long a sign-in may take at GitHub, the owner's own sign-in and two-factor step included. */
export const STATE_TTL_SECONDS = 600;
const COOKIE = "cms_auth_state";
/** The scopes the CMS may ask for: a private repository needs "repo", a public one "public_repo". */
const SCOPES = ["repo", "public_repo"];
const EXCHANGE_TIMEOUT_MS = 10_000;
/** The function's path as the platform passes it (/cms-auth) or as it is published (/functions/v1/cms-auth). */
const OWN_PATH = /(^|\/)cms-auth\/?$/;

// Shown in the popup, which the owner reads; never a detail of what went wrong inside.
const MESSAGES = {
  method: "Denne adresse bruges kun til login i redigeringen.",
  provider: "Login er kun sat op med GitHub. Luk vinduet, og tryk på Log ind med GitHub.",
  state: "Login kunne ikke bekræftes: det var for gammelt eller startede ikke i denne browser. Luk vinduet, og tryk på Log ind igen.",
  denied: "GitHub gav ikke adgang. Luk vinduet, og prøv igen.",
  exchange: "GitHub svarede ikke som ventet. Luk vinduet, og prøv igen om lidt.",
};

const encoder = new TextEncoder();
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** A plain-text answer the owner reads in the popup (text/plain is what the platform serves anyway). */
const text = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

/** A redirect that leaves no trace: not cached, no Referer sent on. */
const redirect = (location: string, headers: Record<string, string> = {}) =>
  new Response(null, {
    status: 302,
    headers: { Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", ...headers },
  });

const clearCookie = `${COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`;

/** The cookie's value in a Cookie header, if there. */
function cookieValue(header: string | null): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === COOKIE) return value.join("=");
  }
  return undefined;
}

/**
 * @param now the clock in milliseconds (a test moves it past the state's lifetime)
 */
export function createCmsAuthHandler({ config, log, now = Date.now }: { config: CmsAuthConfig; log: Logger; now?: () => number }) {
  // The state's key, derived from the client secret so that the owner keeps one secret less; "cms-auth
  // state" keeps a signature from meaning anything else.
  const key = crypto.subtle
    .importKey("raw", encoder.encode(config.clientSecret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"])
    .then(async (secret) => {
      const derived = new Uint8Array(await crypto.subtle.sign("HMAC", secret, encoder.encode("cms-auth state")));
      return crypto.subtle.importKey("raw", derived, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    });

  /** `nonce.expires.signature`: whoever holds it can prove this function issued it, and until when. */
  async function issueState() {
    const nonce = base64url(crypto.getRandomValues(new Uint8Array(16)));
    const body = `${nonce}.${Math.floor(now() / 1000) + STATE_TTL_SECONDS}`;
    const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await key, encoder.encode(body)));
    return { nonce, state: `${body}.${base64url(signature)}` };
  }

  /** True when the state is this function's, unexpired, and started in the browser that presents it (its cookie). */
  async function validState(state: string | null, cookie: string | undefined) {
    const [nonce, expires, signature, ...rest] = (state ?? "").split(".");
    if (!nonce || !expires || !signature || rest.length > 0 || cookie !== nonce) return false;
    if (!/^\d+$/.test(expires) || Number(expires) * 1000 < now()) return false;
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = fromBase64url(signature);
    } catch {
      return false;
    }
    // verify compares in constant time.
    return crypto.subtle.verify("HMAC", await key, bytes, encoder.encode(`${nonce}.${expires}`));
  }

  /** The popup's first stop: off to GitHub's consent page, with a state only this browser can bring back. */
  async function start(url: URL) {
    const provider = url.searchParams.get("provider") ?? "github";
    if (provider !== "github") return text(400, MESSAGES.provider);
    const asked = url.searchParams.get("scope") ?? "repo";
    const scope = SCOPES.includes(asked) ? asked : "repo";
    const { nonce, state } = await issueState();
    // No redirect_uri: GitHub then returns to the callback URL registered with the OAuth app, this
    // function's own address, which a request here cannot change.
    const authorize = new URL(`${config.githubUrl}/login/oauth/authorize`);
    for (const [name, value] of Object.entries({ client_id: config.clientId, scope, state, allow_signup: "false" }))
      authorize.searchParams.set(name, value);
    log({ event: "cms_auth_started" });
    return redirect(authorize.href, {
      "Set-Cookie": `${COOKIE}=${nonce}; Max-Age=${STATE_TTL_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax`,
    });
  }

  /** GitHub's return: the state checked before anything else, then the code traded for a token. */
  async function finish(url: URL, request: Request) {
    const cleared = { "Set-Cookie": clearCookie };
    if (!(await validState(url.searchParams.get("state"), cookieValue(request.headers.get("cookie"))))) {
      log({ event: "cms_auth_refused", reason: "state" });
      return text(403, MESSAGES.state, cleared);
    }
    const code = url.searchParams.get("code");
    if (!code) {
      log({ event: "cms_auth_refused", reason: "denied" });
      return text(403, MESSAGES.denied, cleared);
    }
    let token: unknown;
    try {
      const answer = await fetch(`${config.githubUrl}/login/oauth/access_token`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, code }),
        signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
      });
      const body = answer.ok ? await answer.json() : {};
      token = body.access_token;
      // GitHub's error code only (bad_verification_code, incorrect_client_credentials): never the body.
      if (typeof token !== "string") log({ event: "cms_auth_exchange_failed", status: answer.status, error: String(body.error ?? "") });
    } catch (error) {
      log({ event: "cms_auth_exchange_failed", error: error instanceof Error ? error.name : "unknown" });
    }
    if (typeof token !== "string" || token === "") return text(502, MESSAGES.exchange, cleared);
    log({ event: "cms_auth_signed_in" });
    const fragment = new URLSearchParams({ provider: "github", token });
    return redirect(`${config.siteOrigin}${RETURN_PATH}#${fragment}`, cleared);
  }

  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    // Its own address only: a browser asks the popup's origin for /favicon.ico too, with the cookie,
    // which must not start a sign-in of its own.
    if (!OWN_PATH.test(url.pathname)) return text(404, MESSAGES.method);
    if (request.method !== "GET") return text(405, MESSAGES.method, { Allow: "GET" });
    const returning = ["state", "code", "error"].some((name) => url.searchParams.has(name));
    return returning ? finish(url, request) : start(url);
  };
}
