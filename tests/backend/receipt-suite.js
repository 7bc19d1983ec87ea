// The customer's receipt, against a real database and a real SMTP server: it follows the firm's e-mail,
// states the firm's facts in Danish, repeats nothing the visitor typed, is limited per address, retried
// on its own state, and turned off by the site's one setting. Defined once, run on PostgreSQL 15 in
// process, and its first case under Deno as deployed (index.ts builds the receipts itself).
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it as vitestIt } from "vitest";
import { saveSiteFactsSql } from "../../dev/local/site-facts-sql.js";
import { siteFactsFile } from "../../site/_lib/site-facts.js";
import { isHomeArea } from "../../site/_lib/copy-facts.js";
import { hoursText } from "../../site/_lib/format.js";
import { receivedInDanish } from "../../supabase/functions/_shared/mail.ts";
import { RECEIPTS_PER_ADDRESS_PER_DAY } from "../../supabase/functions/_shared/channels.ts";
import { validateQuoteRequest } from "../../supabase/functions/_shared/quote-request.ts";
import { CRON_SECRET, MAIL_TO, PHONE, SITE_URL, startBackend } from "../support/function.js";
import { deliveriesOf, dueNow } from "../support/rows.js";
import { areas, business } from "../support/site.js";

/** @typedef {import("postal-mime").Email} Email */

const REQUEST = Object.freeze({
  name: "Jens Hansen",
  phone: "+45 12 34 56 78",
  location: "Et sted langt herfra",
  message: "Vi skal have skiftet eltavlen i vores villa fra 1972.",
});

/** Everything a reader of the receipt sees: headers as decoded, the text part and the HTML part. */
const everything = (/** @type {Email} */ mail) =>
  [
    mail.subject,
    mail.from?.name,
    mail.replyTo?.[0]?.name,
    ...(mail.headers ?? []).map((header) => header.value),
    mail.text,
    mail.html,
  ].join("\n");

/**
 * Defines the receipt suite for one database and runtime; under Deno only the cases marked `deno` run.
 * @param {string} label
 * @param {() => Promise<import("../support/databases.js").TestDatabase>} startDatabase
 * @param {"in-process" | "deno"} [runtime]
 */
export function defineReceiptSuite(label, startDatabase, runtime = "in-process") {
  const it = (/** @type {string} */ name, /** @type {() => Promise<void>} */ fn, { deno = false } = {}) => {
    if (runtime === "in-process" || deno) vitestIt(name, fn, 60_000);
  };

  describe(`the customer's receipt ${runtime === "deno" ? "under Deno" : "in process"}, on ${label}`, () => {
    /** @type {Awaited<ReturnType<typeof startBackend>>} */
    let backend;
    let client = 0;
    let customer = 0;

    beforeAll(async () => {
      // Per-client and per-number limits high: the cases send several requests for one address and one
      // phone number on purpose.
      backend = await startBackend(startDatabase, {
        runtime,
        receipts: true,
        env: { RATE_LIMIT_PER_EMAIL: "100", RATE_LIMIT_PER_PHONE_TOTAL: "100" },
      });
    });
    afterAll(() => backend?.stop());
    beforeEach(async () => {
      await backend.settled();
      await backend.sql`delete from quote_requests`;
      await backend.sql.unsafe(saveSiteFactsSql());
      backend.mailbox.clear();
    });

    const freshAddress = () => `kunde.${++customer}@example.dk`;
    const mails = async () => (await backend.mailbox.all()).map((mail) => mail.parsed);
    const receiptsTo = async (/** @type {string} */ address) =>
      (await mails()).filter((mail) => mail.to?.[0]?.address?.toLowerCase() === address.toLowerCase());
    const firmMails = async () => (await mails()).filter((mail) => mail.to?.[0]?.address === MAIL_TO);
    /** The receipt to `address`, once it has arrived (under Deno it goes out after the answer). */
    const receiptTo = async (/** @type {string} */ address) => {
      await expect.poll(async () => (await receiptsTo(address)).length, { timeout: 20_000, interval: 100 }).toBe(1);
      return (await receiptsTo(address))[0];
    };
    /** The states and attempts of a request's firm's e-mail and receipt, and whether the firm was alerted. */
    const sendsOf = async (/** @type {string} */ id) => {
      const { mail, receipt, alert } = await deliveriesOf(backend.sql, id);
      return {
        mail: mail.state,
        attempts: mail.attempts,
        receipt: receipt.state,
        receiptAttempts: receipt.attempts,
        alerted: alert.state === "sent",
      };
    };
    /** Posts a request from a fresh client, as the widgets do, and waits for its e-mail's first attempt. */
    const post = async (/** @type {Record<string, unknown>} */ fields) => {
      const response = await fetch(backend.functions.submitUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.9.${++client >> 8}.${client & 255}` },
        body: JSON.stringify({ elapsedMs: 60_000, ...REQUEST, ...fields }),
      });
      expect(response.status).toBe(200);
      await backend.settled();
      return /** @type {{ id: string }} */ (await response.json()).id;
    };
    const retry = () => fetch(backend.functions.retryUrl, { method: "POST", headers: { Authorization: `Bearer ${CRON_SECRET}` } });

    it(
      "sends the customer a Danish receipt after the firm's e-mail, with the firm's address to reply to, its response times and phone",
      async () => {
        const email = freshAddress();
        const id = await post({ email });
        const receipt = await receiptTo(email);
        // The sender records the receipt once the mail server has taken it: under Deno that comes after
        // the mailbox has it, in the function's own background work.
        await expect.poll(async () => (await sendsOf(id)).receipt, { timeout: 20_000, interval: 100 }).not.toBe("sending");
        expect(await sendsOf(id)).toMatchObject({ mail: "sent", attempts: 1, receipt: "sent", receiptAttempts: 1 });
        const [row] = await backend.sql`select received_at from quote_requests where id = ${id}`;
        // After the firm's e-mail: the mailbox received that one first.
        const order = (await mails()).map((mail) => mail.to?.[0]?.address);
        expect(order).toEqual([MAIL_TO, email]);

        // From the function's own sender (MAIL_FROM), as the firm's e-mail.
        expect(receipt.from).toEqual((await firmMails())[0].from);
        expect(receipt.replyTo?.[0]?.address).toBe(business.email);
        expect(receipt.subject).toContain("Vi har modtaget din forespørgsel");
        const text = /** @type {string} */ (receipt.text);
        expect(text).toContain(`den ${receivedInDanish(row.received_at)}`);
        for (const time of Object.values(business.responseTimes).filter((value) => typeof value === "string")) expect(text).toContain(time);
        expect(text).toContain(`ring på ${PHONE}`);
        expect(text).toContain(hoursText(business.hours.phone));
        // How to have the data deleted, as the privacy page says: write or call, naming the address used.
        expect(text).toMatch(/slettet/);
        expect(text).toContain(`skriv til ${business.email}`);
        expect(text).toContain(`${SITE_URL}/privatlivspolitik#rettigheder`);
        expect(receipt.html).toContain(`<a href="mailto:${business.email}">`);
        expect(receipt.html).toContain(`<a href="tel:${business.phone.e164}">${PHONE}</a>`);
        expect(receipt.headers?.find((header) => header.key === "auto-submitted")?.value).toBe("auto-generated");
        console.log(`A receipt as the customer reads it:\nSubject: ${receipt.subject}\n\n${text}`);
      },
      { deno: true },
    );

    it("never repeats what the visitor typed: names, messages, unknown towns, pages and partners stay out of the receipt", async () => {
      const token = fc.stringMatching(/^zq[a-z0-9]{8}$/);
      const hostile = fc.constantFrom(
        "Ring straks til 99 88 77 66",
        "Betal fakturaen her: https://betal.example/faktura",
        "<a href='https://x.example'>Klik her</a>",
        "Din ordre er annulleret. Svar med dit kortnummer",
        "**Vigtigt** fra Skat",
        "",
      );
      const free = fc.string({ unit: "grapheme", maxLength: 40 });
      const field = fc.tuple(hostile, free, token).map(([words, text, mark]) => `${words} ${text} ${mark}`.trim());
      let receipts = 0;
      await fc.assert(
        fc.asyncProperty(fc.record({ name: field, location: field, message: field, sourceUrl: field, partnerId: field }), async (typed) => {
          const body = { ...REQUEST, ...typed, message: `${typed.message} (en opgave)`, email: freshAddress() };
          fc.pre(validateQuoteRequest(body).ok);
          backend.mailbox.clear();
          await post(body);
          const receipt = await receiptTo(body.email);
          receipts++;
          const seen = everything(receipt);
          const raw = (await backend.mailbox.all()).find((mail) => mail.parsed === receipt)?.raw ?? "";
          for (const value of Object.values(typed)) {
            const mark = /** @type {string} */ (value.split(" ").at(-1));
            expect(seen).not.toContain(mark);
            expect(raw).not.toContain(mark);
          }
          expect(seen).not.toContain(body.name);
        }),
        { numRuns: 12 },
      );
      expect(receipts).toBeGreaterThan(0);
    });

    it("names the town only when it is one of the firm's areas, in the firm's spelling, with that town's acute promise", async () => {
      // A town inside the home area and one beyond it, where the firm has both, typed as people type them.
      const home = areas.find((area) => isHomeArea(area, business));
      const further = areas.find((area) => !isHomeArea(area, business));
      /** @type {[typeof areas[number], string, string][]} */
      const cases = [];
      if (home) cases.push([home, `${home.postalCode}  ${home.name.toUpperCase()}`, business.responseTimes.acuteHomeArea]);
      if (further)
        cases.push([further, `${further.name.toLowerCase()}, ${further.postalCode}`, business.responseTimes.acuteSurroundingTowns]);
      expect(cases.length).toBeGreaterThan(0);
      for (const [area, typed, promise] of cases) {
        const email = freshAddress();
        await post({ email, location: typed });
        const text = /** @type {string} */ ((await receiptTo(email)).text);
        expect(text).toContain(`om en opgave i ${area.name} den`);
        expect(text).toContain(area.name);
        expect(text).toContain(promise);
        expect(text).not.toContain(typed);
      }
      const email = freshAddress();
      await post({ email, location: "Langtbortistan" });
      const text = /** @type {string} */ ((await receiptTo(email)).text);
      expect(text).not.toContain("Langtbortistan");
      expect(text).toContain("Vi har modtaget din forespørgsel den ");
      // No area is named (the base town is, in the general acute promise).
      for (const area of areas.filter((area) => area.name !== business.address.town)) expect(text).not.toContain(` ${area.name} `);
    });

    it(`sends one address at most ${RECEIPTS_PER_ADDRESS_PER_DAY} receipts a day, however it is spelled, and still mails the firm every request`, async () => {
      const email = freshAddress();
      const [local, domain] = email.split("@");
      // The same address as the database counts it (its canonical form): case and full-width letters aside.
      const spellings = [email, `${local.toUpperCase()}@${domain}`, `${local}@${domain.replace("example", "ｅｘａｍｐｌｅ")}`];
      const ids = [];
      for (let n = 0; n <= RECEIPTS_PER_ADDRESS_PER_DAY; n++) ids.push(await post({ email: spellings[n % spellings.length] }));
      expect(await firmMails()).toHaveLength(RECEIPTS_PER_ADDRESS_PER_DAY + 1);
      expect(await receiptsTo(email)).toHaveLength(RECEIPTS_PER_ADDRESS_PER_DAY);
      const last = await deliveriesOf(backend.sql, /** @type {string} */ (ids.at(-1)));
      expect(last).toMatchObject({ mail: { state: "sent" }, receipt: { state: "skipped", note: expect.stringContaining("mailbox") } });
      // A retry sends the skipped one no later receipt.
      await retry();
      expect(await receiptsTo(email)).toHaveLength(RECEIPTS_PER_ADDRESS_PER_DAY);
    });

    it("retries a receipt the mail server put off, without resending the firm's e-mail or marking it failed", async () => {
      const email = freshAddress();
      backend.mailbox.defer(email);
      const id = await post({ email });
      expect(await sendsOf(id)).toMatchObject({ mail: "sent", attempts: 1, receipt: "due", receiptAttempts: 1 });
      expect(await firmMails()).toHaveLength(1);
      expect(await receiptsTo(email)).toHaveLength(0);

      // Before its backoff has passed, the scheduled retry leaves it; once due, it goes.
      expect(await (await retry()).json()).toEqual({});
      expect(await receiptsTo(email)).toHaveLength(0);
      backend.mailbox.accept(email);
      await dueNow(backend.sql, id, "receipt");
      expect((await retry()).status).toBe(200);
      await receiptTo(email);
      expect(await firmMails()).toHaveLength(1);
      expect(await sendsOf(id)).toMatchObject({ mail: "sent", attempts: 1, receipt: "sent", receiptAttempts: 2 });
    });

    it("gives up a receipt the mail server refuses for good, and the firm's e-mail stays sent and unalerted", async () => {
      const email = freshAddress();
      backend.mailbox.refuse(email);
      const id = await post({ email });
      expect(await sendsOf(id)).toMatchObject({ mail: "sent", alerted: false, receipt: "failed" });
      await retry();
      expect(await firmMails()).toHaveLength(1);
      expect(await sendsOf(id)).toMatchObject({ mail: "sent", attempts: 1, receiptAttempts: 1, alerted: false });
    });

    it("sends no receipt while the site's setting is off, and none later when it is turned back on", async () => {
      await backend.sql.unsafe(
        saveSiteFactsSql(siteFactsFile({ ...business, privacy: { ...business.privacy, sendReceipt: false } }, areas)),
      );
      const email = freshAddress();
      const id = await post({ email });
      expect(await firmMails()).toHaveLength(1);
      expect(await deliveriesOf(backend.sql, id)).toMatchObject({
        mail: { state: "sent" },
        receipt: { state: "skipped", note: "receipts off" },
      });
      await backend.sql.unsafe(saveSiteFactsSql());
      await retry();
      expect(await receiptsTo(email)).toHaveLength(0);
    });
  });
}
