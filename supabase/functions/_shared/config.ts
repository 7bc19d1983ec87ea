// The function's settings, read from the environment once at start-up and validated: never
// Boolean(env) on a string (the string "false" is truthy), never a bare "!". Secrets are set with `supabase secrets set`.
import * as z from "zod/mini";
import type { MailTransportSettings } from "./mail.ts";
import rules from "./quote-rules.json" with { type: "json" };
import { smtpPort } from "./mail-transport.ts";
import { siteOrigins } from "./site-origins.ts";
import { GATEWAYAPI_EU_URL, type SmsSettings } from "./sms-gateway.ts";
import { type VapidSettings, vapidSettings } from "./web-push.ts";

export { twinOrigin } from "./site-origins.ts";

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

/** The addresses of MAIL_TO: comma-separated, spaces around them ignored. */
const mailToList = (value: string) =>
  value
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);

const environmentSchema = z.object({
  // Supabase provides this one to every function.
  SUPABASE_DB_URL: url,
  // The database URL to use instead, e.g. the transaction pooler (port 6543) with ?sslmode=require:
  // names starting with SUPABASE_ are Supabase's own and cannot be set as secrets (docs/deploy.md).
  DATABASE_URL: z.optional(url),
  // The site's own origin: allowed to send, and where form posts are redirected back to. Its www or
  // apex twin (www.example.dk for example.dk, and back) is allowed too, as hosts serve both. Partner
  // sites are rows of public.partners (docs/partners.md), never a variable.
  SITE_URL: url,
  // The firm's mail provider, one of the two: smtps://user:pass@host (implicit TLS, port 465; Supabase
  // blocks 25 and 587), or an HTTP e-mail API key (Resend's API; RESEND_API_URL only for another host).
  SMTP_URL: z.optional(url),
  RESEND_API_KEY: z.optional(z.string().check(z.minLength(8))),
  RESEND_API_URL: z.prefault(url, "https://api.resend.com"),
  MAIL_FROM: z.string().check(z.minLength(3)),
  // Who receives the firm's e-mails: one address, or several separated by commas (each one checked).
  MAIL_TO: z.string().check(
    z.refine(
      (value: string) => mailToList(value).length > 0 && mailToList(value).every((address) => z.email().safeParse(address).success),
      {
        message: "must be one e-mail address or several separated by commas",
      },
    ),
  ),
  // The firm's phone number, name, hours, towns, receipt switch and retention are no secret: the
  // functions read them from the site, SITE_URL/site-facts.json (site-facts.ts). Another address for the
  // file only for local runs and tests, and how often an instance rereads it (the scheduled retry
  // rereads it on every run).
  SITE_FACTS_URL: z.optional(url),
  SITE_FACTS_TTL_SECONDS: optionalInt("300"),
  // Salt for hashing client IPs: rate limits without storing an address.
  IP_HASH_SALT: z.string().check(z.minLength(16)),
  // Shared secret the scheduled retry call presents (Authorization: Bearer …).
  CRON_SECRET: z.string().check(z.minLength(16)),
  RATE_LIMIT_PER_CLIENT: optionalInt("5"),
  RATE_LIMIT_PER_EMAIL: optionalInt("3"),
  // Stored requests for one e-mail address from all clients together: a higher cap, so that somebody
  // using another person's address can at most delay that person, never lock them out.
  RATE_LIMIT_PER_EMAIL_TOTAL: optionalInt("10"),
  // Stored requests about one phone number (however it is written) from all clients together: each
  // sends the firm an SMS and an e-mail to call that number, and a call-back has no address to cap.
  // Over it a request is stored but held (never refused): a stranger cannot lock the number's owner out.
  RATE_LIMIT_PER_PHONE_TOTAL: optionalInt("3"),
  RATE_LIMIT_WINDOW_MINUTES: optionalInt("60"),
  // How many proxies in front of the function append to X-Forwarded-For: the client is that many
  // entries from the right. 1 = Supabase's own gateway only (supabase/functions/send-contact-email/README.md,
  // "The HTTP contract").
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
  // How long a body with photos (multipart/form-data, at most 15 MB) may take to arrive whole: a phone's
  // originals over a slow upload (15 MB at 1 Mbit/s is two minutes); the request's deadline starts after
  // it (docs/quote-photos.md). Within the platform's 150 s for a request.
  PHOTO_BODY_DEADLINE_MS: optionalInt("120000"),
  // How long a request may take end to end before it is answered 503 with the phone number: the
  // database's statement and lock timeouts and a deadline around each database call come from it, so
  // a hung or locked database never leaves a visitor waiting (supabase/functions/send-contact-email/README.md,
  // "Configuration (secrets)").
  REQUEST_DEADLINE_MS: optionalInt("8000"),
  // The firm's SMS about each new lead (channels.ts), through GatewayAPI: its API token, the firm's
  // numbers (comma-separated), the sender shown (at most 11 letters and digits). All three or none; the
  // endpoint only for another host (the local stand-in), and the most SMS about leads per Copenhagen day.
  SMS_API_TOKEN: z.optional(z.string().check(z.minLength(8))),
  SMS_TO: z.optional(z.string()),
  SMS_FROM: z.optional(z.string()),
  SMS_API_URL: z.optional(url),
  SMS_DAILY_LIMIT: z.optional(positiveInt),
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
  /** The site's own origins (SITE_URL's and its twin's): allowed to send besides the registered partners. */
  siteOrigins: string[];
  mailTransport: MailTransportSettings;
  mailFrom: string;
  mailTo: string[];
  /** Where the site publishes the firm's facts, and how old an instance's copy may get (site-facts.ts). */
  siteFactsUrl: string;
  siteFactsTtlMs: number;
  ipHashSalt: string;
  cronSecret: string;
  rateLimit: { perClient: number; perEmail: number; perEmailTotal: number; perPhoneTotal: number; windowMinutes: number };
  minFillMs: number;
  trustedProxyHops: number;
  alertWebhookUrl?: string;
  bodyDeadlineMs: number;
  requestDeadlineMs: number;
  photoBodyDeadlineMs: number;
  /** The firm's SMS about each new lead; absent without the SMS secrets (no SMS, nothing else changes). */
  sms?: SmsSettings;
  /** The Web Push to the team's devices about each new lead (web-push.ts); absent without the VAPID secrets. */
  push?: VapidSettings;
  port?: number;
};

/** The most SMS about leads in one Copenhagen day when SMS_DAILY_LIMIT is not set: each costs money. */
export const SMS_DAILY_LIMIT_DEFAULT = 50;

/**
 * A phone number as GatewayAPI's msisdn: country code and number, digits only. A Danish number may be
 * written without its country code (8 digits); any other needs it (+ or 00). Null when it is none.
 */
export function msisdn(number: string): string | null {
  const compact = number.replace(/[\s().-]/g, "");
  if (/^\d{8}$/.test(compact)) return `45${compact}`;
  const international = /^(?:\+|00)(\d{8,15})$/.exec(compact)?.[1];
  return international ?? null;
}

type SmsEnvironment = { SMS_API_TOKEN?: string; SMS_TO?: string; SMS_FROM?: string; SMS_API_URL?: string; SMS_DAILY_LIMIT?: number };

/** The SMS settings the environment names: none without any SMS secret, else all of them or the reasons they are not. */
function smsSettings(e: SmsEnvironment): SmsSettings | undefined | string[] {
  const named = ["SMS_API_TOKEN", "SMS_TO", "SMS_FROM", "SMS_API_URL", "SMS_DAILY_LIMIT"] as const;
  if (named.every((name) => e[name] === undefined)) return undefined;
  const problems = (["SMS_API_TOKEN", "SMS_TO", "SMS_FROM"] as const)
    .filter((name) => !e[name])
    .map((name) => `${name}: required once any SMS_ secret is set (set SMS_API_TOKEN, SMS_TO and SMS_FROM together, or none)`);
  const numbers = (e.SMS_TO ?? "")
    .split(",")
    .map((number) => number.trim())
    .filter(Boolean);
  const to = numbers.map(msisdn);
  if (e.SMS_TO && (to.length === 0 || to.some((number) => number === null)))
    problems.push("SMS_TO: must be one phone number or several separated by commas (8 digits for a Danish one, else +country code)");
  // GatewayAPI's sender: up to 11 letters and digits, or up to 15 digits (a number).
  if (e.SMS_FROM && !/^(?=.*[A-Za-z])[A-Za-z0-9 .-]{1,11}$|^\d{1,15}$/.test(e.SMS_FROM))
    problems.push("SMS_FROM: must be at most 11 letters, digits and spaces (a-z, no æøå), or a number of at most 15 digits");
  if (problems.length) return problems;
  return {
    apiUrl: e.SMS_API_URL ?? GATEWAYAPI_EU_URL,
    token: e.SMS_API_TOKEN as string,
    from: e.SMS_FROM as string,
    to: to as string[],
    dailyLimit: e.SMS_DAILY_LIMIT ?? SMS_DAILY_LIMIT_DEFAULT,
  };
}

/** Ports Supabase Edge Functions may not connect out to (Edge Functions "Limits"). */
const BLOCKED_SMTP_PORTS = [25, 587];

/** The mail transport the environment names, or the reason it cannot work on the platform. */
function mailTransport(e: { SMTP_URL?: string; RESEND_API_KEY?: string; RESEND_API_URL: string }): MailTransportSettings | string {
  if (e.SMTP_URL && e.RESEND_API_KEY) return "SMTP_URL and RESEND_API_KEY: set one mail transport, not both";
  if (e.RESEND_API_KEY) return { kind: "api", apiKey: e.RESEND_API_KEY, apiUrl: e.RESEND_API_URL };
  if (!e.SMTP_URL) return "SMTP_URL or RESEND_API_KEY: one mail transport is required";
  const smtp = new URL(e.SMTP_URL);
  if (smtp.protocol !== "smtp:" && smtp.protocol !== "smtps:") return "SMTP_URL: must start with smtps:// (or smtp://)";
  const port = smtpPort(smtp);
  if (BLOCKED_SMTP_PORTS.includes(port))
    return (
      `SMTP_URL: port ${port}${smtp.port ? "" : " (the default of smtp://)"} is blocked: Supabase Edge Functions may not ` +
      'connect out to ports 25 and 587 (Edge Functions "Limits"). Use smtps://…:465 (implicit TLS), or the HTTP mail API (RESEND_API_KEY)'
    );
  return { kind: "smtp", url: e.SMTP_URL };
}

/** Parses the environment (a plain record) into a Config, or throws naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = environmentSchema.safeParse(env);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  const transport = result.success ? mailTransport(result.data) : undefined;
  if (typeof transport === "string") problems.push(transport);
  const sms = result.success ? smsSettings(result.data) : undefined;
  if (Array.isArray(sms)) problems.push(...sms);
  const push = vapidSettings(env);
  if (Array.isArray(push)) problems.push(...push);
  if (!result.success || typeof transport !== "object" || Array.isArray(sms) || Array.isArray(push)) {
    throw new Error(`Invalid function environment:\n  ${problems.join("\n  ")}`);
  }
  const e = result.data;
  return {
    dbUrl: e.DATABASE_URL ?? e.SUPABASE_DB_URL,
    dbPoolMax: e.DB_POOL_MAX,
    siteUrl: e.SITE_URL.replace(/\/+$/, ""),
    siteOrigins: siteOrigins(e.SITE_URL),
    mailTransport: transport,
    mailFrom: e.MAIL_FROM,
    mailTo: mailToList(e.MAIL_TO),
    siteFactsUrl: e.SITE_FACTS_URL ?? `${e.SITE_URL.replace(/\/+$/, "")}/site-facts.json`,
    siteFactsTtlMs: e.SITE_FACTS_TTL_SECONDS * 1000,
    ipHashSalt: e.IP_HASH_SALT,
    cronSecret: e.CRON_SECRET,
    rateLimit: {
      perClient: e.RATE_LIMIT_PER_CLIENT,
      perEmail: e.RATE_LIMIT_PER_EMAIL,
      perEmailTotal: e.RATE_LIMIT_PER_EMAIL_TOTAL,
      perPhoneTotal: e.RATE_LIMIT_PER_PHONE_TOTAL,
      windowMinutes: e.RATE_LIMIT_WINDOW_MINUTES,
    },
    minFillMs: e.MIN_FILL_MS,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    alertWebhookUrl: e.ALERT_WEBHOOK_URL,
    bodyDeadlineMs: e.BODY_DEADLINE_MS,
    requestDeadlineMs: e.REQUEST_DEADLINE_MS,
    photoBodyDeadlineMs: e.PHOTO_BODY_DEADLINE_MS,
    sms,
    push,
    port: e.PORT,
  };
}
