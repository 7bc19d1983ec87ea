// The one place the functions' environment is put together for local runs: `npm start`, the backend
// tests and `npm run bench:api` all start the real functions with it, and change only what they test.
import { loadData } from "../../site/_lib/load-data.js";
import { LOCAL_AUTH_KEYS } from "./auth-stand-in.js";

/** The secrets of a local run: fixed, obviously not for production (set real ones with `supabase secrets set`). */
export const LOCAL_SECRETS = {
  IP_HASH_SALT: process.env.IP_HASH_SALT ?? "local-development-salt-only",
  CRON_SECRET: process.env.CRON_SECRET ?? "local-development-cron-secret",
  // The Web Push key pair of local runs (a firm makes its own: docs/deploy.md); the local push service's
  // stand-in checks pushes against it (./push-stand-in.js).
  VAPID_PUBLIC_KEY: "BMNu-GX0n_jP9Xm1D1LoXgFylb1QLtFtPTvlL8HHNuSrWQ7voHGj6INLUPx8o0SJr3O4C-UYBzRYGjdpkU9njPY",
  VAPID_PRIVATE_KEY: "uJ2hAwZCYMTjdH5kdcAgvw79p5cFSLl6at_5d79SCSw",
  VAPID_SUBJECT: "mailto:lokal-udvikling@example.dk",
};

/**
 * The functions' environment (see supabase/functions/_shared/config.ts) for a local database and mail
 * server, with the firm's e-mail from site/_data/business.yaml (the functions read its other facts, the
 * phone number among them, from the site: SITE_URL/site-facts.json).
 * Partner sites are rows of public.partners (`npm run partners`), not part of the environment.
 * `projectUrl`: the local gateway's origin, whose /auth/v1 is the stand-in of Supabase Auth; the platform
 * gives every function SUPABASE_URL and its keys, and so does this.
 * @param {{ databaseUrl: string, smtpUrl: string, siteUrl: string, poolMax?: number, projectUrl?: string }} where
 * @param {Record<string, string | undefined>} [overrides] any variable, e.g. looser spam limits for a
 *   load test; undefined leaves one out (SMTP_URL, when the test sends through the HTTP mail API)
 * @returns {Record<string, string>}
 */
export function localFunctionEnv({ databaseUrl, smtpUrl, siteUrl, poolMax = 1, projectUrl }, overrides = {}) {
  const business = loadData("business");
  const env = {
    SUPABASE_DB_URL: databaseUrl,
    DB_POOL_MAX: String(poolMax),
    SITE_URL: siteUrl,
    SMTP_URL: smtpUrl,
    MAIL_FROM: `Hjemmesiden <hjemmeside@${new URL(business.site.url).hostname.replace(/^www\./, "")}>`,
    MAIL_TO: business.email,
    ...LOCAL_SECRETS,
    ...(projectUrl
      ? { SUPABASE_URL: projectUrl, SUPABASE_ANON_KEY: LOCAL_AUTH_KEYS.anonKey, SUPABASE_SERVICE_ROLE_KEY: LOCAL_AUTH_KEYS.serviceRoleKey }
      : {}),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
}
