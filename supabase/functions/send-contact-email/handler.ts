// The send-contact-email handler: a Request in, a Response out, with every dependency passed in
// (no Deno.* here, so tests and other runtimes can call it). See README "The HTTP contract" for the
// contract. One straight pipeline within the request's deadline, a step per function over one small
// state (Exchange): origin, method and type; body; spam checks; validation; identity; store; then the
// answer, and what the request sends after it (the outbox).
import answerMessages from "../_shared/answer-messages.json" with { type: "json" };
import type { Config } from "../_shared/config.ts";
import { corsHeaders } from "../_shared/cors.ts";
import { type Deadline, DeadlineExceeded, startDeadline } from "../_shared/deadline.ts";
import { createAdmission, InstanceBusy, PHOTO_WAIT_MS, type Ticket } from "../_shared/admission.ts";
import {
  BodyTimeout,
  BODY_LIMIT_BYTES,
  BodyTooLarge,
  clientAddress,
  forwardedShape,
  jsonResponse,
  mediaType,
  parseForm,
  rateLimitKey,
  readBody,
  redirectResponse,
  sha256Hex,
} from "../_shared/http.ts";
import type { Logger } from "../_shared/log.ts";
import type { Outbox } from "../_shared/outbox.ts";
import { createPartnerList } from "../_shared/partners.ts";
import { INVISIBLE, QUOTE_FIELDS, QUOTE_RULES } from "../_shared/quote-checks.ts";
import { type Lead, type LeadKind, leadKind, validateLead } from "../_shared/quote-request.ts";
import { registrationCheck } from "./registration-check.ts";
import { bookingChange, bookingGet, planVisit, refusedBooking } from "./bookings.ts";
import { MultipartRefused } from "../_shared/multipart.ts";
import { readPhotoForm } from "../_shared/photo-form.ts";
import { checkPhotos, displayName, NotAnImage, type Photo } from "../_shared/quote-photos.ts";
import type { Store } from "../_shared/store.ts";
import { sameSecret } from "../_shared/secrets.ts";
import { type Facts, PHONE_UNKNOWN, type SiteFactsSource } from "../_shared/site-facts.ts";

export { BODY_LIMIT_BYTES } from "../_shared/http.ts";

export type Deps = {
  config: Config;
  store: Store;
  /** Sends a stored request's deliveries after its answer (outbox.ts): the firm's e-mail and SMS, the receipt, the alert. */
  outbox: Pick<Outbox, "sendFor">;
  log: Logger;
  /** Keeps background work alive after the response (EdgeRuntime.waitUntil on Supabase); awaited when absent. */
  waitUntil?: (work: Promise<unknown>) => void;
  /** How old the partner list may get before it is reread in the background (partners.ts; tests shorten it). */
  partnerListTtlMs?: number;
  /** The firm's facts as the site publishes them (site-facts.ts): the phone number of the answers. */
  siteFacts?: SiteFactsSource;
};

/** The handler, and `settled()`: resolves once what was sent after the answers is done (tests, shutdown). */
export type QuoteHandler = ((request: Request) => Promise<Response>) & { settled(): Promise<void> };

type AnswerKey = keyof typeof answerMessages;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
/**
 * How long before the request's deadline the database stops storing it (submit_quote_request's
 * p_not_after): room for the insert's answer to arrive, and for the function's and the database's
 * clocks to differ, so that a 503 at the deadline never follows a stored row.
 */
const STORE_MARGIN_MS = 1_000;
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
  // too_many_connections: the database is there but full, which for the visitor is the same.
  "53300",
  // The server's own deadlines (store.ts): statement_timeout (query_canceled) and lock_timeout.
  "57014",
  "55P03",
]);

/** The function's Danish answers (answer-messages.json, which the site's error page shows too). */
const messagesFor = (phone: string) =>
  Object.fromEntries(Object.entries(answerMessages).map(([key, value]) => [key, value.replace("{phone}", phone)])) as Record<
    AnswerKey,
    string
  >;

/** Line breaks and control characters (with INVISIBLE): never part of a page address shown to the firm. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: it detects control characters on purpose
const PAGE_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const stringOrNull = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/**
 * The honeypot is tripped by anything but nothing, whatever its type: the field is hidden from people,
 * so even a number, a list or a space in it came from a bot. A plain form sends it empty.
 */
const honeypotFilled = (value: unknown) => value !== undefined && value !== null && value !== "";

/**
 * Where a browser says the request comes from: the Origin header, else the Referer's origin; null when
 * neither is sent (a server-side client), and "null" for an opaque origin (sandboxed frames, file:).
 */
function requestOrigin(request: Request): string | null {
  const origin = request.headers.get("origin");
  if (origin !== null) return origin;
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

/** Where a plain form post lands once stored: the call-back's page says that we call. */
const thanksPage = (kind: LeadKind) => (kind === "callback" ? "/kontakt/ring-op-tak" : "/kontakt/tak");

function isDbUnreachable(error: unknown): boolean {
  if (error instanceof DeadlineExceeded) return true;
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && DB_UNREACHABLE.has(code);
}

/**
 * What every request's steps share: the instance's dependencies, what it keeps between requests, and
 * its Danish answers (`text`, with the phone number of the site's facts).
 */
export type Instance = Pick<Deps, "config" | "store" | "outbox" | "log"> & {
  partners: ReturnType<typeof createPartnerList>;
  admission: ReturnType<typeof createAdmission>;
  text: Record<AnswerKey, string>;
  /** The site's facts this instance uses (site-facts.ts), null while it has none: the bookings' settings. */
  facts: Facts | null;
  /** Keeps work after the answer alive (waitUntil), and known to settled(). */
  inBackground(work: Promise<unknown>): void;
};

/**
 * One request as its steps see it: the instance serving it; where a browser says it comes from (`from`)
 * and the origins that may send (`allowed`); whether it is a plain form post (answered with redirects)
 * and whether it carries photos (multipart/form-data: the plain form's, or the widget's, which asks for
 * JSON answers); the client the rate limits count (an IPv6 address by its /64); when it arrived; and the
 * work still holding its photos after its answer (a database call past its deadline).
 */
export type Exchange = {
  instance: Instance;
  request: Request;
  requestId: string;
  from: string | null;
  allowed: ReadonlySet<string>;
  isForm: boolean;
  isMultipart: boolean;
  client: string;
  arrivedAt: number;
  holding: Promise<unknown>[];
};

/** The exchange of a request as it arrives (the origins that may send: as far as the partner list is fresh). */
export async function exchangeOf(instance: Instance, request: Request, requestId: string): Promise<Exchange> {
  const arrivedAt = Date.now();
  const isMultipart = mediaType(request) === "multipart/form-data";
  const isForm =
    mediaType(request) === "application/x-www-form-urlencoded" ||
    (isMultipart && !(request.headers.get("accept") ?? "").includes("application/json"));
  const client = rateLimitKey(clientAddress(request, instance.config.trustedProxyHops));
  const from = requestOrigin(request);
  const allowed = await instance.partners.origins(from);
  return { instance, request, requestId, from, allowed, isForm, isMultipart, client, arrivedAt, holding: [] };
}

/** A JSON answer, readable by the page that sent the request (CORS). */
const json = ({ request }: Exchange, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  jsonResponse(status, body, { ...corsHeaders(request.headers.get("origin")), ...headers });

/** A plain form's answer: a redirect to a page of the site. */
const redirect = ({ instance, request }: Exchange, path: string) =>
  redirectResponse(`${instance.config.siteUrl}${path}`, corsHeaders(request.headers.get("origin")));

/** A refusal, logged; `file` names the photo it is about (in the JSON answer: the error page names no value). */
function refuse(exchange: Exchange, status: number, key: AnswerKey, headers = {}, file?: string): Response {
  const { instance } = exchange;
  instance.log({ event: "request_refused", requestId: exchange.requestId, status, reason: key });
  if (exchange.isForm && status !== 405) return redirect(exchange, `/kontakt/fejl?grund=${key}#${key}`);
  const error = instance.text[key].replace("{file}", `Filen »${file}«`);
  return json(exchange, status, { error, requestId: exchange.requestId }, headers);
}

/**
 * The page a request was sent from, as an absolute URL the firm may open: checked like the form's
 * fields (one line, no control characters, at most 500 characters once normalised, as the column
 * holds) and kept only when it is a page of the site or of a registered partner. Anything else is
 * stored as unknown: the lead is never refused, nor lost to a 500, for its page.
 */
function sourceUrl(siteUrl: string, value: unknown, referer: string | null, allowed: ReadonlySet<string>): string | null {
  const candidate = (typeof value === "string" && value.trim() !== "" ? value : referer)?.normalize("NFC").trim();
  if (!candidate || PAGE_UNSAFE.test(candidate) || INVISIBLE.test(candidate)) return null;
  if (!/^(https?:\/\/|\/(?!\/))/i.test(candidate)) return null;
  try {
    const url = new URL(candidate, `${siteUrl}/`);
    // The page, not what was added to its address: a user part ("login.mitid.dk.betaling@") and a
    // query ("?Betal_faktura_her=") would be shown to the firm as the link's text and target.
    const page = `${url.origin}${url.pathname}`;
    return allowed.has(url.origin) && page.length <= 500 ? page : null;
  } catch {
    return null;
  }
}

// The steps of a post, in order, each a function of the exchange that answers (a Response) or hands on
// what the next one needs. Each concern file of tests/backend/function/ holds one
// step's cases: origins.js judgeOrigin, answers.js readRequest, spam.js judgeSpam, validation.js
// judgeFields, idempotency.js identify, rate-limits.js and answers.js storeRequest.

/**
 * Origin: a browser on a page that is neither the site nor a registered partner's (someone else's
 * hidden form, or a partner's page that is not set up) says so in Origin or Referer: refused before
 * anything is read, for every content type, and never with a redirect, since that visitor is on
 * another site. The page can read the refusal and its cause. A server-side client sends neither and
 * is judged by the later steps. Also the method and the content type. Null when the request may go on.
 */
export function judgeOrigin(exchange: Exchange): Response | null {
  const { instance, request, requestId, from, allowed, isForm, isMultipart } = exchange;
  const { text } = instance;
  if (request.method !== "POST") return refuse(exchange, 405, "method", { Allow: "POST, OPTIONS" });
  if (from !== null && !allowed.has(from)) {
    instance.log({ event: "request_refused", requestId, status: 403, reason: "notRegistered", origin: from });
    return json(exchange, 403, { error: text.notRegistered, code: "notRegistered", requestId });
  }
  if (!isForm && !isMultipart && mediaType(request) !== "application/json") return refuse(exchange, 415, "unsupported");
  // Every browser sends Origin with a form's POST, and a form post has no fill time to check: one
  // without Origin or Referer came from no browser, and would otherwise pass no rule at all.
  if (isForm && from === null) {
    instance.log({ event: "request_refused", requestId, status: 403, reason: "formWithoutOrigin" });
    return json(exchange, 403, { error: text.forbidden, requestId });
  }
  return null;
}

/** What readRequest hands on: the body's fields, its photos, and the deadline the database's calls race. */
export type Received = { body: Record<string, unknown>; photos: Photo[]; deadline: Deadline };

/**
 * Body and photos: the body read within its limits and deadline (a body with photos within its own
 * deadline, each chunk held against the instance's admission, then its turn to be stored, after which
 * the request's deadline starts again), each photo checked and stripped.
 */
export async function readRequest(exchange: Exchange, deadline: Deadline, ticket: Ticket): Promise<Response | Received> {
  const { config } = exchange.instance;
  const refused = (status: number, key: AnswerKey, headers = {}, file?: string) => refuse(exchange, status, key, headers, file);
  try {
    if (exchange.isMultipart) {
      // Its deadline counts from its arrival, the wait for its turn included: the whole request stays
      // inside the platform's 150 s (PHOTO_BODY_DEADLINE_MS + REQUEST_DEADLINE_MS, config.ts).
      const left = () => Math.max(1, config.photoBodyDeadlineMs - (Date.now() - exchange.arrivedAt));
      const { body, files } = await readPhotoForm(exchange.request, BODY_LIMIT_BYTES, left(), ticket);
      if (!(await ticket.turn(Math.min(PHOTO_WAIT_MS, left())))) throw new InstanceBusy();
      const photos = checkPhotos(files);
      // Photos take long on a slow phone: the request's deadline (the database's) starts once they are in.
      return { body, photos, deadline: startDeadline(config.requestDeadlineMs) };
    }
    const raw = await readBody(exchange.request, Math.min(config.bodyDeadlineMs, deadline.left()));
    const body = exchange.isForm ? parseForm(raw) : JSON.parse(raw || "null");
    if (typeof body !== "object" || body === null || Array.isArray(body)) return refused(400, "badRequest");
    return { body, photos: [], deadline };
  } catch (error) {
    if (error instanceof BodyTimeout) return refused(408, "timeout", { Connection: "close" });
    // The instance holds all the bytes it may, or the body's turn did not come: try again shortly.
    if (error instanceof InstanceBusy)
      return refused(503, "unavailable", { "Retry-After": String(error.retryAfterSeconds), Connection: "close" });
    if (error instanceof NotAnImage) return refused(400, error.reason, {}, error.filename);
    if (error instanceof MultipartRefused)
      return refused(
        error.reason === "badRequest" ? 400 : 413,
        error.reason,
        { Connection: "close" },
        displayName(error.filename ?? "", 0),
      );
    return error instanceof BodyTooLarge ? refused(413, "tooLarge") : refused(400, "badRequest");
  }
}

/**
 * Spam, without bothering people: a hidden field only bots fill in gets a success-shaped answer and is
 * dropped; a script posting JSON must say how long the form took, and be no faster than a person.
 */
export async function judgeSpam(exchange: Exchange, body: Record<string, unknown>): Promise<Response | null> {
  const { instance, request, requestId, from, isForm } = exchange;
  if (honeypotFilled(body.website)) {
    // With the partner it came through: a partner page that fills the field drops its leads in silence,
    // and this line is how the firm sees it happen.
    const partnerId = await instance.partners.verified(stringOrNull(body.partnerId ?? body.partner), request.headers.get("origin"));
    instance.log({ event: "spam_dropped", requestId, reason: "honeypot", partnerId, origin: from });
    return isForm ? redirect(exchange, thanksPage(leadKind(body.kind) ?? "quote")) : json(exchange, 200, { id: requestId });
  }
  // How long the form took, measured in the page (performance.now(), so no clock but the page's own
  // counts). The widgets wait out the rest of the minimum themselves, so a quick person never sees
  // this. A plain form post has no JavaScript to measure with: the origin rule and the honeypot judge
  // it. The widgets never send more than the rules' maxFillMs (a day), so a larger figure was not
  // measured by them.
  if (!isForm) {
    const elapsed = typeof body.elapsedMs === "number" ? body.elapsedMs : Number.NaN;
    if (!(elapsed >= instance.config.minFillMs && elapsed <= QUOTE_RULES.maxFillMs)) return refuse(exchange, 400, "tooFast");
  }
  return null;
}

/**
 * Rules: the fields of the request's kind checked with the rules the form uses; the answer names each
 * wrong field. A kind the function does not know is refused, not taken for a quote.
 */
export function judgeFields(exchange: Exchange, body: Record<string, unknown>): Response | Lead {
  const { instance } = exchange;
  const kind = leadKind(body.kind);
  if (kind === null) return refuse(exchange, 400, "badKind");
  const validation = validateLead(kind, body);
  if (validation.ok) return validation.data;
  const fields = Object.keys(validation.errors);
  instance.log({ event: "request_invalid", requestId: exchange.requestId, status: 400, fields });
  if (exchange.isForm) return redirect(exchange, `/kontakt/fejl?felter=${fields.join(",")}#${fields[0]}`);
  return json(exchange, 400, { error: instance.text.invalid, fieldErrors: validation.errors, requestId: exchange.requestId });
}

/** What identify hands on: the request's key, what it identifies, and whether it is a deploy check. */
export type Identity = { idempotencyKey: string | null; requestHash: string; deployCheck: boolean; testSms: boolean };

/**
 * Idempotency: the request's key and what it identifies, the fields and the photos (a retry with
 * other photos under the same key is another request, answered keyReused, never a replay). An empty
 * header does not hide a key sent in the body; a key that is not one (of the wrong shape, or not even
 * a string) is refused, because ignoring it would let every retry create a new request.
 */
export async function identify(
  exchange: Exchange,
  body: Record<string, unknown>,
  data: Lead,
  photos: Photo[],
): Promise<Response | Identity> {
  const { headers } = exchange.request;
  const idempotencyKey = stringOrNull(headers.get("idempotency-key")) ?? stringOrNull(body.idempotencyKey);
  const bodyKeyIsText = body.idempotencyKey === undefined || body.idempotencyKey === null || typeof body.idempotencyKey === "string";
  if (!bodyKeyIsText || (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey))) return refuse(exchange, 400, "badKey");
  // `npm run verify:deploy` labels its request with the firm's CRON_SECRET; a wrong secret is refused.
  const deployCheck = headers.get("x-deploy-check");
  if (deployCheck !== null && !(await sameSecret(deployCheck, exchange.instance.config.cronSecret)))
    return refuse(exchange, 403, "forbidden");
  // A quote's content is its fields and photos; a call-back's its kind, name, phone and when.
  const content =
    data.kind === "callback"
      ? [data.kind, data.name, data.phone, data.when]
      : [
          ...QUOTE_FIELDS.map((field) => data[field]),
          ...(data.kind === "booking" ? [data.start.toISOString()] : []),
          ...(await Promise.all(photos.map((photo) => sha256Hex(photo.bytes)))),
        ];
  const requestHash = await sha256Hex(JSON.stringify(content));
  // A deploy check sends the firm a test SMS only when it asks for one (`npm run verify:deploy -- … --sms`).
  const testSms = deployCheck !== null && headers.has("x-deploy-check-sms");
  return { idempotencyKey, requestHash, deployCheck: deployCheck !== null, testSms };
}

/**
 * Storing: one round trip to submit_quote_request within the request's deadline, then the answer; what
 * the request sends (the firm's e-mail and SMS, the receipt) goes after it, through the outbox. The
 * admission counts each request the database stored for the client.
 */
export async function storeRequest(
  exchange: Exchange,
  { body, photos, deadline }: Received,
  data: Lead,
  identity: Identity,
): Promise<Response> {
  const { instance, request, client } = exchange;
  const { config, store, log, partners } = instance;
  try {
    // A booking's time must be free for its town now; the database checks again as it stores it.
    const visit = data.kind === "booking" ? await planVisit(exchange, data.location, data.start) : undefined;
    if (visit instanceof Response) return visit;
    const submission = store.submit(
      {
        photos,
        ...data,
        sourceUrl: sourceUrl(config.siteUrl, body.sourceUrl ?? body.page, request.headers.get("referer"), exchange.allowed),
        partnerId: await partners.verified(stringOrNull(body.partnerId ?? body.partner), request.headers.get("origin")),
        ...identity,
        clientIpHash: await sha256Hex(`${config.ipHashSalt}:${client}`),
        userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
        visit,
      },
      config.rateLimit,
      // The database stores nothing after this: the visitor may be answered 503 from then on.
      new Date(Date.now() + Math.max(0, deadline.left() - STORE_MARGIN_MS)),
    );
    // The call holds the photos until it settles, even after a 503 at the deadline: the place the
    // admission gave the body is kept until then, so a hung database cannot fill the memory.
    exchange.holding.push(submission.catch(() => {}));
    const result = await deadline.within(submission, "the database");
    if (result.kind === "expired") return refuse(exchange, 503, "unavailable", { "Retry-After": "60" });
    if (result.kind === "limited") return refuse(exchange, 429, "limited", { "Retry-After": String(result.retryAfterSeconds) });
    if (result.kind === "keyReused") return refuse(exchange, 422, "keyReused");
    if ((result.kind === "slotTaken" || result.kind === "bookingLimited") && data.kind === "booking")
      return await refusedBooking(exchange, result.kind, data.location, data.start);
    if (result.kind === "slotTaken" || result.kind === "bookingLimited") throw new Error(`${result.kind} for a ${data.kind}`);
    if (result.kind !== "replayed") instance.admission.stored(client);
    const event = { created: "request_stored", held: "request_held", replayed: "request_replayed" }[result.kind];
    log({ event, requestId: result.id, status: 200 });
    // The row and its deliveries are committed: from here on the answer is success, whatever the mail
    // server does. They are sent after the answer on every runtime (waitUntil keeps the work alive on
    // Supabase; a plain Deno runs it by itself); one cut short stays due for the scheduled retry. A held
    // row gets no e-mail: the next alert (after a request, or the scheduled retry) lists it.
    if (result.kind === "created") instance.inBackground(instance.outbox.sendFor(result.id));
    return exchange.isForm ? redirect(exchange, thanksPage(data.kind)) : json(exchange, 200, { id: result.id });
  } catch (error) {
    return answerError(exchange, error);
  }
}

/** The answer to an error the database or the code threw: 503 when the database cannot be reached now, else a generic 500; logged. */
function answerError(exchange: Exchange, error: unknown): Response {
  const unreachable = isDbUnreachable(error);
  exchange.instance.log({
    event: error instanceof DeadlineExceeded ? "database_deadline" : unreachable ? "database_unreachable" : "internal_error",
    level: "error",
    requestId: exchange.requestId,
    errorName: (error as Error)?.name ?? typeof error,
    code: (error as { code?: unknown })?.code,
  });
  return unreachable ? refuse(exchange, 503, "unavailable", { "Retry-After": "60" }) : refuse(exchange, 500, "internal");
}

/** The steps of a post admitted to be read, in order; each answers or hands on. */
async function receive(exchange: Exchange, started: Deadline, ticket: Ticket): Promise<Response> {
  const received = await readRequest(exchange, started, ticket);
  if (received instanceof Response) return received;
  const spam = await judgeSpam(exchange, received.body);
  if (spam) return spam;
  const data = judgeFields(exchange, received.body);
  if (data instanceof Response) return data;
  // A call-back reads only its own fields: photos sent with one are not kept.
  const kept = { ...received, photos: data.kind === "callback" ? [] : received.photos };
  const identity = await identify(exchange, kept.body, data, kept.photos);
  if (identity instanceof Response) return identity;
  return await storeRequest(exchange, kept, data, identity);
}

/** Creates the request handler of the send-contact-email function. */
export function createHandler({ config, store, outbox, log, waitUntil, partnerListTtlMs, siteFacts }: Deps): QuoteHandler {
  // The answers name the phone number of the site's facts, rebuilt when a new copy brings another.
  let textPhone = PHONE_UNKNOWN;
  void siteFacts?.current();
  /** What was sent after the answers and is still going (where no runtime keeps it alive for us). */
  const background = new Set<Promise<unknown>>();
  const instance: Instance = {
    config,
    store,
    outbox,
    log,
    partners: createPartnerList(store, config.siteOrigins, partnerListTtlMs),
    // A body with photos that waits for its turn to be stored says so: an instance at its limit shows in the log.
    admission: createAdmission(config.rateLimit, { onWait: () => log({ event: "photo_body_waiting" }) }),
    text: messagesFor(PHONE_UNKNOWN),
    facts: null,
    inBackground(work) {
      background.add(work);
      work.finally(() => background.delete(work));
      waitUntil?.(work);
    },
  };
  let shapeLogged = false;

  async function handle(request: Request): Promise<Response> {
    const requestId = crypto.randomUUID();
    const deadline = startDeadline(config.requestDeadlineMs);
    if (!shapeLogged && request.method === "POST") {
      shapeLogged = true;
      log({ event: "forwarded_for_shape", shape: forwardedShape(request), trustedProxyHops: config.trustedProxyHops });
    }
    const facts = await siteFacts?.current();
    const phone = facts?.facts.phone ?? PHONE_UNKNOWN;
    instance.facts = facts?.facts ?? null;
    if (phone !== textPhone) {
      textPhone = phone;
      instance.text = messagesFor(phone);
    }
    const exchange = await exchangeOf(instance, request, requestId);
    const { from } = exchange;
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: corsHeaders(request.headers.get("origin")) });
    const query = new URL(request.url).searchParams;
    if (request.method === "GET" && query.has("check")) {
      const check = await registrationCheck(instance.partners, from, stringOrNull(query.get("partner")));
      log({ event: "partner_check", requestId, status: check.status, origin: from, partnerId: check.body.partner ?? null });
      return json(exchange, check.status, check.body);
    }
    // Which copy of the site's facts this instance uses (npm run verify:deploy compares it with the site's).
    if (request.method === "GET" && query.has("facts"))
      return json(exchange, 200, { hash: facts?.hash ?? null, builtAt: facts?.builtAt ?? null });
    // The bookings' free times, a customer's booking and the firm's calendar feed (bookings.ts).
    if (request.method === "GET") {
      const answered = await bookingGet(exchange, query).catch((error) => answerError(exchange, error));
      if (answered) return answered;
    }
    const refused = judgeOrigin(exchange);
    if (refused) return refused;
    // A customer's cancel or move through the link of their confirmation.
    if (query.has("booking"))
      return await bookingChange(exchange, query.get("booking") ?? "").catch((error) => answerError(exchange, error));
    // Admission, before a byte of the body is read (admission.ts): the client's limit as far as this
    // instance knows it; a body with photos then holds what it sends, and waits its turn to be stored.
    const ticket = instance.admission.admit(exchange.client, {
      photos: exchange.isMultipart,
      // A retry under its key may be the answer to a request already stored: the database says so.
      retry: request.headers.has("idempotency-key"),
    });
    if ("kind" in ticket) return refuse(exchange, 429, "limited", { "Retry-After": String(ticket.retryAfterSeconds) });
    try {
      return await receive(exchange, deadline, ticket);
    } finally {
      void Promise.all(exchange.holding).then(() => ticket.release());
    }
  }

  return Object.assign(handle, {
    async settled() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  });
}
