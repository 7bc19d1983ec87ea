// The function's settings, read from the environment once at start-up and validated: never
// Boolean(env) on a string (the string "false" is truthy), never a bare "!". Secrets are set with `supabase secrets set`.
import * as z from "zod/mini";
import rules from "./quote-rules.json" with { type: "json" };

const url = z.url();
const positiveInt = z
  .pipe(
    z.string(),
    z.transform((value: string) => Number(value)),
  )
  .check(z.refine((value: number) => Number.isInteger(value) && value > 0, "must be a positive integer"));
const optionalInt = (fallback: string) => z.prefault(positiveInt, fallback);
const port = z
  .pipe(
    z.string(),
    z.transform((value: string) => Number(value)),
  )
  .check(z.refine((value: number) => Number.isInteger(value) && value >= 0 && value < 65536, "must be a port number (0 picks a free one)"));

const environmentSchema = z.object({
  // Supabase provides this one to every function.
  SUPABASE_DB_URL: url,
  // The site's own origin: allowed for CORS, and where form posts are redirected back to.
  SITE_URL: url,
  // More origins allowed to call the function from a browser (partner sites), comma-separated.
  ALLOWED_ORIGINS: z.prefault(z.string(), ""),
  // smtp://user:pass@host:port or smtps://… for the firm's mail provider.
  SMTP_URL: url,
  MAIL_FROM: z.string().check(z.minLength(3)),
  MAIL_TO: z.email(),
  // The firm's phone number as shown to people (in the 429 and 503 messages).
  BUSINESS_PHONE: z.string().check(z.minLength(8)),
  // Salt for hashing client IPs: rate limits without storing an address.
  IP_HASH_SALT: z.string().check(z.minLength(16)),
  // Shared secret the scheduled retry call presents (Authorization: Bearer …).
  CRON_SECRET: z.string().check(z.minLength(16)),
  RATE_LIMIT_PER_CLIENT: optionalInt("5"),
  RATE_LIMIT_PER_EMAIL: optionalInt("3"),
  // Stored requests for one e-mail address from all clients together: a higher cap, so that somebody
  // using another person's address can at most delay that person, never lock them out.
  RATE_LIMIT_PER_EMAIL_TOTAL: optionalInt("10"),
  RATE_LIMIT_WINDOW_MINUTES: optionalInt("60"),
  // How many proxies in front of the function append to X-Forwarded-For: the client is that many
  // entries from the right. 1 = Supabase's own gateway only (README "The quote backend").
  TRUSTED_PROXY_HOPS: optionalInt("1"),
  // A JSON request whose form was filled faster than this (elapsedMs, measured in the page) is taken for
  // a bot. The widgets wait out the same minimum before sending (quote-rules.json "minFillMs"), so a
  // value above that one would refuse quick people: keep it at or below.
  MIN_FILL_MS: optionalInt(String(rules.minFillMs)),
  // Where the firm hears about requests whose e-mail did not arrive: a JSON POST (an SMS gateway or a
  // chat webhook), another channel than the mail that failed. Optional; the error log says it anyway.
  ALERT_WEBHOOK_URL: z.optional(url),
  // How long a request body may take to arrive whole; a client that stalls half-way gets 408.
  BODY_DEADLINE_MS: optionalInt("5000"),
  // How long a request may take end to end before it is answered 503 with the phone number: the
  // database's statement and lock timeouts and a deadline around each database call come from it, so
  // a hung or locked database never leaves a visitor waiting (README "The quote backend").
  REQUEST_DEADLINE_MS: optionalInt("8000"),
  // Database connections per function instance (the local PGlite stack uses 1, see store.ts).
  DB_POOL_MAX: optionalInt("4"),
  // Only for local runs: the port Deno.serve listens on (Supabase's runtime chooses its own); 0 lets the
  // system pick a free one, which the runner reads back from the "listening" log line.
  PORT: z.optional(port),
});

export type Config = {
  dbUrl: string;
  dbPoolMax: number;
  siteUrl: string;
  allowedOrigins: string[];
  smtpUrl: string;
  mailFrom: string;
  mailTo: string;
  businessPhone: string;
  ipHashSalt: string;
  cronSecret: string;
  rateLimit: { perClient: number; perEmail: number; perEmailTotal: number; windowMinutes: number };
  minFillMs: number;
  trustedProxyHops: number;
  alertWebhookUrl?: string;
  bodyDeadlineMs: number;
  requestDeadlineMs: number;
  port?: number;
};

/** Parses the environment (a plain record) into a Config, or throws naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = environmentSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid function environment:\n  ${problems.join("\n  ")}`);
  }
  const e = result.data;
  const siteOrigin = new URL(e.SITE_URL).origin;
  const extra = e.ALLOWED_ORIGINS.split(",")
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
  return {
    dbUrl: e.SUPABASE_DB_URL,
    dbPoolMax: e.DB_POOL_MAX,
    siteUrl: e.SITE_URL.replace(/\/+$/, ""),
    allowedOrigins: [...new Set([siteOrigin, ...extra])],
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailTo: e.MAIL_TO,
    businessPhone: e.BUSINESS_PHONE,
    ipHashSalt: e.IP_HASH_SALT,
    cronSecret: e.CRON_SECRET,
    rateLimit: {
      perClient: e.RATE_LIMIT_PER_CLIENT,
      perEmail: e.RATE_LIMIT_PER_EMAIL,
      perEmailTotal: e.RATE_LIMIT_PER_EMAIL_TOTAL,
      windowMinutes: e.RATE_LIMIT_WINDOW_MINUTES,
    },
    minFillMs: e.MIN_FILL_MS,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    alertWebhookUrl: e.ALERT_WEBHOOK_URL,
    bodyDeadlineMs: e.BODY_DEADLINE_MS,
    requestDeadlineMs: e.REQUEST_DEADLINE_MS,
    port: e.PORT,
  };
}
