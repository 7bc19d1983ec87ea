// The send-contact-email handler: a Request in, a Response out, with every dependency passed in
// (no Deno.* here, so tests and other runtimes can call it). See README "Backend" for the contract.
import type { Config } from "../_shared/config.ts";
import { corsHeaders } from "../_shared/cors.ts";
import type { Logger } from "../_shared/log.ts";
import type { Mailer } from "../_shared/mail.ts";
import { deliver } from "../_shared/notify.ts";
import { validateQuoteRequest } from "../_shared/quote-request.ts";
import type { Store } from "../_shared/store.ts";
import answerMessages from "../_shared/answer-messages.json" with { type: "json" };

export type Deps = {
  config: Config;
  store: Store;
  mailer: Mailer;
  log: Logger;
  /** Keeps background work alive after the response (EdgeRuntime.waitUntil on Supabase); awaited when absent. */
  waitUntil?: (work: Promise<unknown>) => void;
};

/** Requests larger than this are refused: five short fields fit many times over. */
export const BODY_LIMIT_BYTES = 16 * 1024;
const PARTNER_ORIGINS_TTL_MS = 60_000;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
const PARTNER_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** Error codes of the postgres driver and the OS that mean "the database cannot be reached". */
const DB_UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01",
  "57P03",
]);

/** Thrown by readBody when the body passes BODY_LIMIT_BYTES. */
class BodyTooLarge extends Error {}

/** The function's Danish answers (answer-messages.json, which the site's error page shows too). */
const messages = (phone: string) =>
  Object.fromEntries(Object.entries(answerMessages).map(([key, value]) => [key, value.replace("{phone}", phone)])) as Record<
    keyof typeof answerMessages,
    string
  >;

async function readBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > BODY_LIMIT_BYTES) throw new BodyTooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BODY_LIMIT_BYTES) {
      await reader.cancel();
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

const stringOrNull = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

function isDbUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown; errno?: unknown })?.code;
  return typeof code === "string" && DB_UNREACHABLE.has(code);
}

/** Creates the request handler of the send-contact-email function. */
export function createHandler({ config, store, mailer, log, waitUntil }: Deps) {
  const text = messages(config.businessPhone);
  const staticOrigins = new Set(config.allowedOrigins);
  let partners = { loadedAt: 0, byId: new Map<string, string>() };

  /** Partner sites from the database, cached for a minute; the last known list while the database is away. */
  async function partnerList(): Promise<Map<string, string>> {
    if (Date.now() - partners.loadedAt > PARTNER_ORIGINS_TTL_MS) {
      try {
        partners = { loadedAt: Date.now(), byId: new Map((await store.partners()).map((partner) => [partner.id, partner.origin])) };
      } catch {
        // Do not ask a missing database again on every request (preflights included).
        partners = { ...partners, loadedAt: Date.now() };
      }
    }
    return partners.byId;
  }

  async function allowedOrigins(): Promise<Set<string>> {
    return new Set([...staticOrigins, ...(await partnerList()).values()]);
  }

  /** A partner id is credited only to its own registered site: the request must come from its origin. */
  async function verifiedPartner(claimed: string | null, origin: string | null): Promise<string | null> {
    if (!claimed || !PARTNER_ID.test(claimed)) return null;
    return (await partnerList()).get(claimed) === origin ? claimed : null;
  }

  const siteLink = (path: string) => `${config.siteUrl}${path}`;

  /** Turns the optional page reference of a request into an absolute URL, or null. */
  function sourceUrl(value: unknown, referer: string | null): string | null {
    const candidate = stringOrNull(value) ?? referer;
    if (!candidate || candidate.length > 500) return null;
    if (candidate.startsWith("/") && !candidate.startsWith("//")) return siteLink(candidate);
    try {
      const url = new URL(candidate);
      return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
    } catch {
      return null;
    }
  }

  return async function handle(request: Request): Promise<Response> {
    const requestId = crypto.randomUUID();
    const cors = corsHeaders(request.headers.get("origin"), await allowedOrigins());
    const contentType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    const isForm = contentType === "application/x-www-form-urlencoded";
    const json = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { status, headers: { ...cors, ...headers, "Content-Type": "application/json; charset=utf-8" } });
    // A plain HTML form must never show JSON: it is sent back to a page of the site instead.
    const redirect = (path: string) => new Response(null, { status: 303, headers: { ...cors, Location: siteLink(path) } });
    const problem = (status: number, key: keyof typeof text, headers: Record<string, string> = {}) => {
      log({ event: "request_refused", requestId, status, reason: key });
      if (isForm && status !== 405) return redirect(`/kontakt/fejl?grund=${key}#${key}`);
      return json(status, { error: text[key], requestId }, headers);
    };

    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
    if (request.method !== "POST") return problem(405, "method", { Allow: "POST, OPTIONS" });
    if (!isForm && contentType !== "application/json") return problem(415, "unsupported");

    try {
      let body: Record<string, unknown>;
      try {
        const raw = await readBody(request);
        body = isForm ? Object.fromEntries(new URLSearchParams(raw)) : JSON.parse(raw || "null");
      } catch (error) {
        return error instanceof BodyTooLarge ? problem(413, "tooLarge") : problem(400, "badRequest");
      }
      if (typeof body !== "object" || body === null || Array.isArray(body)) return problem(400, "badRequest");

      // Spam, without bothering people: a hidden field only bots fill in gets a success-shaped answer and is dropped.
      if (stringOrNull(body.website)) {
        log({ event: "spam_dropped", requestId, reason: "honeypot" });
        return isForm ? redirect("/kontakt/tak") : json(200, { id: requestId });
      }
      // Only a plausible elapsed time counts: a client clock ahead of ours must not lock a person out.
      const elapsed = Date.now() - Number(body.startedAt);
      if (Number.isFinite(elapsed) && elapsed >= 0 && elapsed < config.minFillMs) return problem(400, "tooFast");

      const validation = validateQuoteRequest(body);
      if (!validation.ok) {
        const fields = Object.keys(validation.errors);
        log({ event: "request_invalid", requestId, status: 400, fields });
        if (isForm) return redirect(`/kontakt/fejl?felter=${fields.join(",")}#${fields[0]}`);
        return json(400, { error: text.invalid, fieldErrors: validation.errors, requestId });
      }

      // The right-most X-Forwarded-For entry is the one our own gateway added; entries to its left
      // come from the client and could be anything.
      const clientIp = (request.headers.get("x-forwarded-for") ?? "").split(",").at(-1)?.trim() || "unknown";
      const idempotencyKey = request.headers.get("idempotency-key") ?? stringOrNull(body.idempotencyKey);
      const partnerId = await verifiedPartner(stringOrNull(body.partnerId ?? body.partner), request.headers.get("origin"));
      const result = await store.submit(
        {
          ...validation.data,
          sourceUrl: sourceUrl(body.sourceUrl ?? body.page, request.headers.get("referer")),
          partnerId,
          idempotencyKey: idempotencyKey && IDEMPOTENCY_KEY.test(idempotencyKey) ? idempotencyKey : null,
          clientIpHash: await sha256Hex(`${config.ipHashSalt}:${clientIp}`),
          userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
        },
        config.rateLimit,
      );
      if (result.kind === "limited") {
        return problem(429, "limited", { "Retry-After": String(result.retryAfterSeconds) });
      }
      log({ event: result.kind === "created" ? "request_stored" : "request_replayed", requestId: result.id, status: 200 });

      if (result.kind === "created") {
        // The row is committed: from here on the answer is success, whatever the mail server does.
        const sending = store
          .claim(result.id)
          .then((row) => (row ? deliver(store, mailer, row, log) : false))
          .catch((error) => log({ event: "mail_deferred", level: "warn", requestId: result.id, errorName: (error as Error)?.name }));
        if (waitUntil) waitUntil(sending);
        else await sending;
      }
      return isForm ? redirect("/kontakt/tak") : json(200, { id: result.id });
    } catch (error) {
      const unreachable = isDbUnreachable(error);
      log({
        event: unreachable ? "database_unreachable" : "internal_error",
        level: "error",
        requestId,
        errorName: (error as Error)?.name ?? typeof error,
        code: (error as { code?: unknown })?.code,
      });
      if (unreachable) return problem(503, "unavailable", { "Retry-After": "60" });
      return problem(500, "internal");
    }
  };
}
