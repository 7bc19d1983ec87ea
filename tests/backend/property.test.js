// Thousands of generated bodies thrown at the function under Deno: it never answers 5xx, and it stores
// a request exactly when the shared schema accepts it (and no honeypot or fill-time rule drops it).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_RULES, validateQuoteRequest } from "../../supabase/functions/_shared/quote-request.ts";
import { startPostgres15 } from "../support/databases.js";
import { startBackend } from "../support/function.js";
import { VALID } from "./function-suite.js";

const RUNS = 2000;
let backend;

beforeAll(async () => {
  // No rate limits here: the property is about validation, not about spam rules.
  backend = await startBackend(startPostgres15, {
    env: {
      RATE_LIMIT_PER_CLIENT: "1000000",
      RATE_LIMIT_PER_EMAIL: "1000000",
      RATE_LIMIT_PER_EMAIL_TOTAL: "1000000",
      RATE_LIMIT_PER_PHONE_TOTAL: "1000000",
    },
  });
});
afterAll(() => backend?.stop());

// Field values: valid ones, near-misses around every limit, line breaks, unicode, and wrong types. The
// valid value's weight keeps about one body in nine valid (five fields and the fill time must all be),
// so the check below that the run stored something is far from chance: at weight 10, with the stricter
// name and address rules, some runs stored fewer than RUNS / 20.
const fieldValue = (valid) =>
  fc.oneof(
    { weight: 20, arbitrary: fc.constant(valid) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 0, maxLength: 1100 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        " ",
        "\r\n",
        "a\nb",
        "æøå",
        `${valid}\u0000`,
        `${valid}\u001b[31m`,
        `${valid}\r\nBcc: x@y.z`,
        "x".repeat(1001),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string(), { maxLength: 2 }),
        fc.object({ maxDepth: 1 }),
      ),
    },
  );
// The five fields are usually present (a missing one is tested by the empty and raw bodies below).
const body = fc.record(
  {
    name: fieldValue(VALID.name),
    phone: fieldValue(VALID.phone),
    email: fc.oneof(fieldValue(VALID.email), fc.emailAddress()),
    location: fieldValue(VALID.location),
    message: fieldValue(VALID.message),
    partnerId: fc.oneof(fc.string({ maxLength: 80 }), fc.constant("elportalen")),
    sourceUrl: fc.oneof(fc.webUrl(), fc.string({ maxLength: 40 })),
    elapsedMs: fc.oneof(
      { weight: 6, arbitrary: fc.constant(60_000) },
      { weight: 1, arbitrary: fc.integer() },
      { weight: 1, arbitrary: fc.anything() },
    ),
    idempotencyKey: fc.oneof({ weight: 4, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.string({ maxLength: 20 }) }),
    extra: fc.anything({ maxDepth: 2 }),
  },
  { requiredKeys: ["name", "phone", "email", "location", "message", "elapsedMs"] },
);
const payload = fc.oneof(
  { weight: 8, arbitrary: body.map((value) => ({ kind: "json", value, text: JSON.stringify(value) })) },
  { weight: 1, arbitrary: fc.json().map((text) => ({ kind: "json", value: JSON.parse(text), text })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((text) => ({ kind: "raw", value: undefined, text })) },
);

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

describe("send-contact-email with generated bodies", () => {
  it(`never answers 5xx and stores exactly the valid ones (${RUNS} bodies)`, async () => {
    let expectedRows = 0;
    const seenKeys = new Set();
    await fc.assert(
      fc.asyncProperty(payload, async ({ kind, value, text }) => {
        const response = await fetch(backend.functions.submitUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: text,
        });
        expect(response.status).toBeLessThan(500);
        // A key that is present but malformed is refused (400): ignored, every retry would add a row.
        const keyText = kind === "json" && isObject(value) && typeof value.idempotencyKey === "string" ? value.idempotencyKey.trim() : "";
        const key = /^[A-Za-z0-9_.:-]{8,200}$/.test(keyText) ? keyText : null;
        // JSON must carry a person's fill time (between the minimum and the maximum of quote-rules.json).
        const elapsedOk =
          isObject(value) &&
          typeof value.elapsedMs === "number" &&
          value.elapsedMs >= QUOTE_RULES.minFillMs &&
          value.elapsedMs <= QUOTE_RULES.maxFillMs;
        const valid = kind === "json" && isObject(value) && validateQuoteRequest(value).ok && (keyText === "" || key !== null) && elapsedOk;
        expect(response.status, text).toBe(valid ? 200 : response.status === 413 ? 413 : 400);
        if (valid) {
          // A repeated idempotency key (uuids can repeat across runs only in theory) never adds a row.
          if (!key || !seenKeys.has(key)) expectedRows++;
          if (key) seenKeys.add(key);
        }
      }),
      { numRuns: RUNS },
    );
    const stored = await backend.sql`select name, phone, email, location, message from quote_requests`;
    expect(stored).toHaveLength(expectedRows);
    // Nothing invalid got in (and so nothing valid was dropped: the counts agree).
    for (const row of stored) expect(validateQuoteRequest(row).ok, JSON.stringify(row)).toBe(true);
    expect(expectedRows).toBeGreaterThan(RUNS / 20);
  });
});
