// The steps of send-contact-email's handler, each alone (handler.ts): an exchange made from a Request and
// a stand-in instance, with no database, mail server or runtime. How the whole function behaves, step by
// step, is in tests/backend/function/ (one concern file a step).
import { describe, expect, it } from "vitest";
import answerMessages from "../../supabase/functions/_shared/answer-messages.json" with { type: "json" };
import { exchangeOf, identify, judgeFields, judgeOrigin, judgeSpam } from "../../supabase/functions/send-contact-email/handler.ts";

const SITE = "https://www.eksempel.example";
const SECRET = "the-firm-s-cron-secret-0123456789";
const QUOTE = {
  name: "Jens Hansen",
  phone: "12345678",
  email: "jens@example.dk",
  location: "Køge",
  message: "Ny eltavle i villa fra 1972.",
};

/** @type {Record<string, unknown>[]} */
const logged = [];
/** The instance as far as these steps read it: settings, log, answers, and a partner list of the site alone. */
const instance = /** @type {any} */ ({
  config: { siteUrl: SITE, trustedProxyHops: 1, minFillMs: 3000, cronSecret: SECRET },
  log: (/** @type {Record<string, unknown>} */ line) => logged.push(line),
  text: answerMessages,
  partners: { origins: async () => new Set([SITE]), verified: async () => null },
});

/** An exchange of a POST from the site's page (`headers` replace or add to it). @param {Record<string, string>} [headers] */
const exchange = (headers = {}, method = "POST") =>
  exchangeOf(
    instance,
    new Request(`${SITE}/functions/v1/send-contact-email`, {
      method,
      headers: { Origin: SITE, "Content-Type": "application/json", ...headers },
    }),
    "req-1",
  );

describe("the handler's steps, each alone", () => {
  it("judgeOrigin: refuses another method, a page not registered, another type and a form from no browser; lets the site's JSON on", async () => {
    expect(judgeOrigin(await exchange({}, "PUT"))?.headers.get("allow")).toBe("POST, OPTIONS");
    const stranger = judgeOrigin(await exchange({ Origin: "https://fremmed.example" }));
    expect(stranger?.status).toBe(403);
    expect(await stranger?.json()).toMatchObject({ code: "notRegistered", requestId: "req-1" });
    expect(logged).toContainEqual(expect.objectContaining({ reason: "notRegistered", origin: "https://fremmed.example" }));
    expect(judgeOrigin(await exchange({ "Content-Type": "text/plain" }))?.status).toBe(415);
    const formRequest = new Request(SITE, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(judgeOrigin(await exchangeOf(instance, formRequest, "req-2"))?.status).toBe(403);
    expect(judgeOrigin(await exchange())).toBeNull();
  });

  it("judgeSpam: answers a filled honeypot as stored, refuses a script faster than a person, and lets a person on", async () => {
    expect(await (await judgeSpam(await exchange(), { website: " " }))?.json()).toEqual({ id: "req-1" });
    const form = await exchange({ "Content-Type": "application/x-www-form-urlencoded" });
    expect((await judgeSpam(form, { website: "x", kind: "callback" }))?.headers.get("location")).toBe(`${SITE}/kontakt/ring-op-tak`);
    expect((await judgeSpam(await exchange(), { elapsedMs: 500 }))?.status).toBe(400);
    expect(await judgeSpam(await exchange(), { elapsedMs: 60_000 })).toBeNull();
  });

  it("judgeFields: refuses an unknown kind, names the wrong fields (in the error page's address for a form), and hands on the data", async () => {
    expect(judgeFields(await exchange(), { kind: "tilbud?" })).toMatchObject({ status: 400 });
    const form = await exchange({ "Content-Type": "application/x-www-form-urlencoded" });
    const wrong = /** @type {Response} */ (judgeFields(form, { ...QUOTE, phone: "12", email: "jens@" }));
    expect(wrong.headers.get("location")).toBe(`${SITE}/kontakt/fejl?felter=phone,email#phone`);
    expect(judgeFields(await exchange(), QUOTE)).toMatchObject({ kind: "quote", name: QUOTE.name });
  });

  it("identify: refuses a malformed key and a wrong deploy secret; the same content gets the same hash", async () => {
    const data = /** @type {any} */ (judgeFields(await exchange(), QUOTE));
    expect(await identify(await exchange({ "Idempotency-Key": "kort" }), {}, data, [])).toMatchObject({ status: 400 });
    expect(await identify(await exchange({ "X-Deploy-Check": "a-guess-at-it" }), {}, data, [])).toMatchObject({ status: 403 });
    const first = await identify(await exchange({ "X-Deploy-Check": SECRET, "X-Deploy-Check-Sms": "send" }), {}, data, []);
    expect(first).toMatchObject({ idempotencyKey: null, deployCheck: true, testSms: true });
    const again = await identify(await exchange(), { idempotencyKey: "nogle-0001" }, data, []);
    expect(again).toMatchObject({ idempotencyKey: "nogle-0001", requestHash: /** @type {any} */ (first).requestHash, deployCheck: false });
  });
});
