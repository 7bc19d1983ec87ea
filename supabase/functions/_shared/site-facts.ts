// The firm's facts the functions need (the phone number of their answers, what the customer's receipt
// states and whether it is sent, the retention the privacy page promises), read from the site itself:
// the build publishes them at SITE_URL/site-facts.json (site/_lib/site-facts.js), so one publish changes
// pages, answers, receipts and retention, with no secret to copy and no command to run.
//
// Each instance rereads the file at most once per TTL, in the background, as the partner list is reread
// (partners.ts); the scheduled retry rereads it on every run. A valid copy whose hash differs from the
// database's is saved there by public.save_site_facts, which also applies its retention and receipt
// settings. A site that cannot be reached, a file larger than 1 MB (no more than that is ever read), or a
// file that is not a whole, valid facts file, changes nothing: it is logged, and the last good copy (in
// memory, else the database's) is used. An older build never replaces a newer one (a CDN may serve a
// stale copy): a copy built before the one in memory is not used, the database refuses one built before
// the one it holds, and the instance then takes the database's. Of two copies built at the same instant
// with different hashes, the one read last is taken: two builds in the same millisecond do not happen.
import * as z from "zod/mini";
import { readAtMost, sha256Hex } from "./http.ts";
import type { Logger } from "./log.ts";
import { receiptFactsSchema } from "./receipt-text.ts";
import type { Sql } from "./store.ts";

const wholePositive = z
  .number()
  .check(z.refine((value: number) => Number.isInteger(value) && value > 0, "must be a whole positive number"));

const point = { latitude: z.number(), longitude: z.number() };
const clock = z.string().check(z.regex(/^\d\d:\d\d$/));

/**
 * What the booking of free inspections reads (booking-slots.ts): the settings, the closed days, the base
 * and the towns' coordinates. Optional: a copy from a build before bookings has none, and the function
 * then offers no times.
 */
const bookingFacts = {
  base: z.optional(z.object(point)),
  inspections: z.optional(
    z.object({
      days: z.array(z.string()),
      opens: clock,
      closes: clock,
      durationMinutes: wholePositive,
      perDay: wholePositive,
      noticeDays: z.number().check(z.int(), z.nonnegative()),
      bufferMinutes: z.number().check(z.int(), z.nonnegative()),
      kmPerHour: wholePositive,
      reminderSms: z.boolean(),
    }),
  ),
  closedDays: z.optional(z.array(z.string())),
  areas: z.array(
    z.extend(receiptFactsSchema.shape.areas.def.element, { latitude: z.optional(z.number()), longitude: z.optional(z.number()) }),
  ),
};

const processor = z.object({ name: z.string(), kind: z.string(), region: z.string() });

/**
 * Who the firm is, as a customer's access letter states it (access-letter.js). Optional: a copy from a
 * build before the inbox has none, and the inbox then writes no letter.
 */
const controller = z.optional(
  z.object({
    legalName: z.string(),
    cvr: z.string(),
    street: z.string(),
    postalCode: z.string(),
    town: z.string(),
    processors: z.object({ database: processor, mail: processor }),
  }),
);

/** The facts, as site/_lib/site-facts.js writes them: the receipt's, with the phone, its switch and retention, the letter's and the bookings'. */
export const siteFactsSchema = z.extend(receiptFactsSchema, {
  sendReceipt: z.boolean(),
  controller,
  retention: z.object({ requestMonths: wholePositive, clientDataDays: wholePositive }),
  ...bookingFacts,
});
export type Facts = z.infer<typeof siteFactsSchema>;

/** One copy of the facts: the facts, their hash (the site's), and when the site was built. */
export type SiteFacts = { facts: Facts; hash: string; builtAt: string };

const fileSchema = z.object({
  version: z.literal(1),
  hash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  builtAt: z.iso.datetime(),
  facts: z.record(z.string(), z.unknown()),
});

/** How long a read of the site may take. */
const READ_TIMEOUT_MS = 5_000;
/** Said in an answer instead of the firm's phone number while an instance has no copy of the site's facts. */
export const PHONE_UNKNOWN = "telefonnummeret på vores hjemmeside";

/** The most of the file that is read, in bytes (today's file is a few kB): a larger one is refused, the rest unread. */
export const MAX_FACTS_BYTES = 1_048_576;
/** How long a request waits for an instance's first copy before it is answered without one. */
const FIRST_WAIT_MS = 1_000;

/** The copy a file's text holds, or why it holds none: not JSON, not the format, a hash that does not match, bad facts. */
export async function parseSiteFacts(text: string): Promise<SiteFacts | string> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return "not JSON";
  }
  const file = fileSchema.safeParse(raw);
  if (!file.success) return `not a facts file (${file.error.issues.map((issue) => issue.path.join(".") || issue.message).join(", ")})`;
  // The hash is over the facts' JSON as the build wrote it (key order kept by JSON.parse): a file cut
  // short or edited by hand does not match.
  if ((await sha256Hex(JSON.stringify((raw as { facts: unknown }).facts))) !== file.data.hash) return "hash does not match the facts";
  const facts = siteFactsSchema.safeParse(file.data.facts);
  if (!facts.success) return `facts: ${facts.error.issues.map((issue) => issue.path.join(".")).join(", ")}`;
  return { facts: facts.data, hash: file.data.hash, builtAt: new Date(file.data.builtAt).toISOString() };
}

/** What public.save_site_facts did with a copy: a new copy applied, the same facts again, or an older build refused. */
type Saved = "applied" | "same" | "stale";

/**
 * The body's text, or null when it is larger than `limit` bytes: a Content-Length past the limit is
 * refused before any of the body is read, and a body that grows past it is read no further (the rest is
 * cancelled, so a file that never ends costs no more than the limit).
 */
async function readText(response: Response, limit: number): Promise<string | null> {
  const body = response.body;
  if (Number(response.headers.get("content-length")) > limit) {
    await body?.cancel().catch(() => {});
    return null;
  }
  if (!body) return "";
  const bytes = await readAtMost(body.getReader(), limit);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

/** Whether copy `a` was built before copy `b`. */
const builtBefore = (a: SiteFacts, b: SiteFacts) => Date.parse(a.builtAt) < Date.parse(b.builtAt);

export type SiteFactsSource = {
  /** The copy in use, reread in the background once past its age; null while none was ever read. */
  current(): Promise<SiteFacts | null>;
  /** Reads the site now (once at a time), saving and applying a new valid copy; never throws. */
  refresh(): Promise<void>;
};

/**
 * The facts of one function instance. `url` is where the site publishes them, `ttlMs` how old a copy may
 * get before it is reread; `fetch` only for tests.
 */
export function createSiteFacts(
  sql: Sql,
  { url, log, ttlMs, fetch = globalThis.fetch }: { url: string; log: Logger; ttlMs: number; fetch?: typeof globalThis.fetch },
): SiteFactsSource {
  let current: SiteFacts | null = null;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;

  async function fromSite(): Promise<SiteFacts | null> {
    let text: string | null;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(READ_TIMEOUT_MS), headers: { Accept: "application/json" } });
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        log({ event: "site_facts_unreachable", level: "warn", status: response.status });
        return null;
      }
      text = await readText(response, MAX_FACTS_BYTES);
    } catch (error) {
      log({ event: "site_facts_unreachable", level: "warn", errorName: (error as Error)?.name });
      return null;
    }
    if (text === null) {
      log({ event: "site_facts_too_large", level: "error", limit: MAX_FACTS_BYTES });
      return null;
    }
    const parsed = await parseSiteFacts(text);
    if (typeof parsed === "string") {
      log({ event: "site_facts_invalid", level: "error", reason: parsed });
      return null;
    }
    return parsed;
  }

  /** The database's last good copy, checked as a file's would be (a row written by another version is not used). */
  async function fromDatabase(): Promise<SiteFacts | null> {
    const [row] = await sql<{ facts: unknown; hash: string; builtAt: Date }[]>`
      select facts, hash, built_at as "builtAt" from public.site_facts where id`;
    const facts = row && siteFactsSchema.safeParse(row.facts);
    return facts?.success ? { facts: facts.data, hash: row.hash, builtAt: new Date(row.builtAt).toISOString() } : null;
  }

  function refresh(): Promise<void> {
    reading ??= (async () => {
      const fresh = await fromSite();
      if (!fresh) {
        if (current === null) current = await fromDatabase();
        return;
      }
      const held = current;
      if (held && fresh.hash !== held.hash && builtBefore(fresh, held)) {
        // An older build than the copy in use (a stale copy of the site): neither used nor saved.
        log({ event: "site_facts_stale", level: "warn", builtAt: fresh.builtAt, heldBuiltAt: held.builtAt });
        return;
      }
      // The copy to use unless the database holds a newer build: of the same facts, the later build time.
      const next = held && fresh.hash === held.hash && builtBefore(fresh, held) ? held : fresh;
      // An instance with no copy uses it at once, even while the database cannot save it (its answers
      // need the phone number most when the database is down); one with a copy keeps it until then.
      if (held === null) current = next;
      let saved: Saved | undefined;
      try {
        const [row] = await sql<{ saved: Saved }[]>`
          select public.save_site_facts(${JSON.stringify(fresh.facts)}::text::jsonb, ${fresh.hash}, ${fresh.builtAt}::timestamptz) as saved`;
        saved = row?.saved;
      } catch (error) {
        current = next;
        throw error;
      }
      if (saved === "stale") {
        // Another instance applied a newer build: the database's copy is taken (unless this version cannot use it).
        const newer = await fromDatabase();
        log({ event: "site_facts_stale", level: "warn", builtAt: fresh.builtAt, heldBuiltAt: newer?.builtAt ?? null });
        current = newer ?? next;
        return;
      }
      current = next;
      if (saved === "applied") log({ event: "site_facts_applied", hash: fresh.hash, builtAt: fresh.builtAt });
    })()
      .catch((error) =>
        log({ event: "site_facts_failed", level: "warn", errorName: (error as Error)?.name, code: (error as { code?: unknown })?.code }),
      )
      .finally(() => {
        readAt = Date.now();
        reading = null;
      });
    return reading;
  }

  return {
    async current() {
      if (Date.now() - readAt > ttlMs) {
        const read = refresh();
        if (current === null) {
          let timer: ReturnType<typeof setTimeout> | undefined;
          await Promise.race([read, new Promise((resolve) => (timer = setTimeout(resolve, FIRST_WAIT_MS)))]);
          clearTimeout(timer);
        }
      }
      return current;
    },
    refresh,
  };
}
