// The behaviour of send-contact-email and retry-quote-emails against a real database and a real SMTP
// server. Defined once; run in process (the handlers served from the test's own process: fast) against
// PGlite and PostgreSQL 15, and under Deno as deployed for the cases marked `deno`, which show what
// the runtime itself does (serving and parsing HTTP, the environment, the log on stdout, no waitUntil).
import { afterAll, beforeAll, beforeEach, describe, expect, it as vitestIt } from "vitest";
import { CRON_SECRET, MAIL_TO, PARTNER_ORIGIN, PHONE, SITE_URL, startBackend } from "../support/function.js";
import { receivedInDanish } from "../../supabase/functions/_shared/mail.ts";
import { createStore } from "../../supabase/functions/_shared/store.ts";
import { execFile } from "node:child_process";
import { createServer, request as httpRequest } from "node:http";
import { closeServer, listen } from "../../dev/local/servers.js";
import { promisify } from "node:util";

/** @typedef {import("../../supabase/functions/_shared/store.ts").StoredRequest} StoredRequest */

const REGISTERED_PARTNER = "https://registered-partner.example";

export const VALID = Object.freeze({
  name: "Jens Hansen",
  phone: "+45 12 34 56 78",
  email: "jens.hansen@example.dk",
  location: "Køge",
  message: "Vi skal have skiftet eltavlen i vores villa fra 1972.",
});

/**
 * Defines the suite for one database and runtime; `startDatabase()` returns { url, pause, resume, stop }.
 * @param {string} label
 * @param {() => Promise<import("../support/databases.js").TestDatabase>} startDatabase
 * @param {"in-process" | "deno"} [runtime]
 */
export function defineFunctionSuite(label, startDatabase, runtime = "in-process") {
  /**
   * A case of the suite; under Deno only those marked `deno` run.
   * @param {string} name
   * @param {() => Promise<void>} fn
   * @param {{ deno?: boolean }} [options]
   */
  const it = (name, fn, { deno = false } = {}) => {
    if (runtime === "in-process" || deno) vitestIt(name, fn);
  };
  describe(`send-contact-email ${runtime === "deno" ? "under Deno" : "in process"}, on ${label}`, () => {
    /** @typedef {Awaited<ReturnType<typeof startBackend>>} Backend */
    /** @type {Backend["database"]} */
    let database;
    /** @type {Backend["mailbox"]} */
    let mailbox;
    /** @type {Backend["functions"]} */
    let functions;
    /** @type {Backend["sql"]} */
    let sql;
    let client = 0;

    /** @type {Backend} */
    let backend;
    /** What the firm's alert channel (ALERT_WEBHOOK_URL) received: a local HTTP server keeps each JSON body. */
    /**
     * The body the function posts (supabase/functions/_shared/alerts.ts).
     * @type {{ event: string, text: string, requestIds: string[], failed: number, held: number, count: number }[]}
     */
    const alerts = [];
    /** @type {{ url: string, stop: () => Promise<void> }} */
    let webhook;
    /**
     * How the alert channel answers the next posts: each entry is used once ("fail": 500, "hang": never
     * answers, and is counted in `hung`); when none is left, 204.
     * @type {("fail" | "hang")[]}
     */
    const webhookPlan = [];
    /** @type {import("node:http").ServerResponse[]} The posts the webhook holds unanswered. */
    const hung = [];

    beforeAll(async () => {
      const server = createServer((request, response) => {
        let text = "";
        request.on("data", (chunk) => (text += chunk));
        request.on("end", () => {
          const plan = webhookPlan.shift();
          if (plan === "hang") return hung.push(response);
          if (plan === "fail") return response.writeHead(500).end();
          alerts.push(JSON.parse(text));
          response.writeHead(204).end();
        });
      });
      webhook = { url: `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}/alert`, stop: () => closeServer(server) };
      backend = await startBackend(startDatabase, {
        runtime,
        // A short body deadline, so the stalled-body case need not wait the default 5 s.
        env: { ALERT_WEBHOOK_URL: webhook.url, BODY_DEADLINE_MS: "800" },
        seed: (db) => db`insert into partners (id, name, origin) values ('elportalen', 'Elportalen', ${REGISTERED_PARTNER})`,
      });
      ({ database, mailbox, functions, sql } = backend);
    });
    afterAll(async () => {
      await backend?.stop();
      await webhook?.stop();
    });
    beforeEach(async () => {
      // The last test's e-mails, sent after their answers, are done before the next test starts.
      await backend.settled();
      await sql`delete from quote_requests`;
      mailbox.clear();
      alerts.splice(0);
      webhookPlan.splice(0);
      for (const response of hung.splice(0)) response.destroy();
    });

    /**
     * Posts JSON from a fresh client address (so rate limits only apply where a test wants them), as the
     * widgets do: with the fill time they measured (a person's minute, unless the test says otherwise).
     */
    /**
     * The answer, once the e-mail the function sends after answering has had its first attempt (with
     * `settle` false at once: while the database is away there is nothing to wait for, nor a way to see it).
     * @param {Promise<Response>} answer
     */
    const settled = async (answer, settle = true) => {
      const response = await answer;
      if (settle) await backend.settled();
      return response;
    };
    /**
     * @param {string | Record<string, unknown>} body the raw body, or fields sent as JSON
     * @param {{ headers?: Record<string, string>, ip?: string, settle?: boolean }} [options]
     */
    const post = (body, { headers = {}, ip = `10.0.0.${++client}`, settle = true } = {}) =>
      settled(
        fetch(functions.submitUrl, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, ...headers },
          body: typeof body === "string" ? body : JSON.stringify({ elapsedMs: 60_000, ...body }),
        }),
        settle,
      );
    /**
     * Posts a plain HTML form as a browser does: with the Origin of the site's page (null: without one).
     * @param {Record<string, string>} fields
     * @param {{ ip?: string, settle?: boolean, origin?: string | null }} [options]
     */
    const postForm = (fields, { ip = `10.1.0.${++client}`, settle = true, origin = /** @type {string | null} */ (SITE_URL) } = {}) =>
      settled(
        fetch(functions.submitUrl, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip, ...(origin ? { Origin: origin } : {}) },
          body: new URLSearchParams(fields).toString(),
        }),
        settle,
      );
    const rows = () => sql`select * from quote_requests order by received_at`;
    const retry = (secret = CRON_SECRET) => fetch(functions.retryUrl, { method: "POST", headers: { Authorization: `Bearer ${secret}` } });

    it(
      "stores a valid request, e-mails the firm once and answers 200 with the request id",
      async () => {
        const response = await post(
          {
            ...VALID,
            message: "Kan I se på <b>eltavlen</b> & HPFI-relæet?",
            sourceUrl: `${SITE_URL}/omraader/koge`,
            partnerId: "elportalen",
          },
          { headers: { "User-Agent": "test-browser", Origin: REGISTERED_PARTNER } },
        );
        expect(response.status).toBe(200);
        const { id } = await response.json();
        const [row, ...others] = await rows();
        expect(others).toHaveLength(0);
        expect(row).toMatchObject({
          id,
          name: VALID.name,
          phone: VALID.phone,
          email: VALID.email,
          location: "Køge",
          source_url: `${SITE_URL}/omraader/koge`,
          partner_id: "elportalen",
          notification_status: "sent",
          attempts: 1,
          user_agent: "test-browser",
        });
        expect(row.client_ip_hash).toMatch(/^[0-9a-f]{64}$/);
        const [mail, ...moreMail] = await mailbox.all();
        expect(moreMail).toHaveLength(0);
        expect(mail.parsed.subject).toBe("Ny forespørgsel: Køge");
        expect(mail.parsed.to?.[0].address).toBe(MAIL_TO);
        expect(mail.parsed.replyTo?.[0]).toMatchObject({ name: VALID.name, address: VALID.email });
        expect(mail.parsed.text).toContain("Kan I se på <b>eltavlen</b> & HPFI-relæet?");
        expect(mail.parsed.text).toContain(`Side: ${SITE_URL}/omraader/koge`);
        expect(mail.parsed.text).toContain("Partner: elportalen");
        expect(mail.parsed.html).toContain("Kan I se på &lt;b&gt;eltavlen&lt;/b&gt; &amp; HPFI-relæet?");
        expect(mail.parsed.html).not.toContain("<b>eltavlen");
        expect(mail.parsed.messageId).toBe(`<${id}@quote-requests>`);
        // The time as the firm reads it, and links to call or write back (Deno's ICU included).
        expect(mail.parsed.text).toContain(`Modtaget: ${receivedInDanish(row.received_at)}`);
        expect(mail.parsed.text).toMatch(/Modtaget: \d{1,2}\. [a-zæøå]+ \d{4} kl\. \d{2}\.\d{2}\n/);
        expect(mail.parsed.html).toContain(`<a href="tel:+4512345678">${VALID.phone}</a>`);
        expect(mail.parsed.html).toContain(`<a href="mailto:${VALID.email}">${VALID.email}</a>`);
      },
      { deno: true },
    );

    it(
      "answers once the request is stored, before the mail server accepts the e-mail, on every runtime",
      async () => {
        // A mail server that takes 6 s per message: six requests at once were answered in 6-24 s when
        // the answer waited for it. The bound is generous: a busy machine, never the mail server's time.
        mailbox.slow(6_000);
        const started = Date.now();
        const answers = await Promise.all(
          Array.from({ length: 6 }, (_, index) =>
            fetch(functions.submitUrl, {
              method: "POST",
              headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.7.0.${index + 1}` },
              body: JSON.stringify({ ...VALID, email: `hurtig-${index}@example.dk`, elapsedMs: 60_000 }),
            }).then((response) => ({ status: response.status, ms: Date.now() - started })),
          ),
        );
        expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200, 200]);
        expect(Math.max(...answers.map(({ ms }) => ms))).toBeLessThan(4_000);
        expect(await rows()).toHaveLength(6);
        // And every e-mail still arrives, once the mail server takes it.
        await expect.poll(async () => (await mailbox.all()).length, { timeout: 30_000, interval: 200 }).toBe(6);
        await backend.settled();
        expect((await rows()).map((row) => row.notification_status)).toEqual(["sent", "sent", "sent", "sent", "sent", "sent"]);
      },
      { deno: true },
    );

    it("credits a partner only for requests from that partner's own site", async () => {
      // From a page that is not the partner's: refused outright (403, see below), so never credited.
      expect((await post({ ...VALID, partnerId: "elportalen" }, { headers: { Origin: "https://evil.example" } })).status).toBe(403);
      await post({ ...VALID, partnerId: "elportalen", email: "b@example.dk" });
      await post({ ...VALID, partnerId: "ukendt", email: "c@example.dk" }, { headers: { Origin: REGISTERED_PARTNER } });
      expect((await rows()).map((row) => row.partner_id)).toEqual([null, null]);
    });

    it("accepts the old site's body: just the five fields", async () => {
      const response = await post({ ...VALID });
      expect(response.status).toBe(200);
      expect(await rows()).toHaveLength(1);
      expect(await mailbox.all()).toHaveLength(1);
    });

    it("refuses a reused key with other content (422), a malformed key (400), and finds a body key behind an empty header", async () => {
      const key = "9a1c7e52-reused-key";
      const first = await post({ ...VALID }, { headers: { "Idempotency-Key": key } });
      expect(first.status).toBe(200);
      const other = await post(
        { ...VALID, message: "En helt anden opgave: ny belysning i carporten." },
        { headers: { "Idempotency-Key": key } },
      );
      expect(other.status).toBe(422);
      expect((await other.json()).error).toBe("Denne forespørgsel er allerede sendt med et andet indhold. Genindlæs siden, og send igen.");
      for (const bad of ["kort", "x".repeat(201), "mellemrum i nøglen", "æøå-nøgle-123"]) {
        const response = await post({ ...VALID, email: "bad-key@example.dk" }, { headers: { "Idempotency-Key": bad } });
        expect(response.status, bad).toBe(400);
      }
      // A body key that is not a string is malformed too, not absent.
      for (const bad of [12345678, ["9a1c7e52-in-a-list"], { key: "9a1c7e52-in-an-object" }, true]) {
        const response = await post({ ...VALID, email: "bad-key@example.dk", idempotencyKey: bad });
        expect(response.status, JSON.stringify(bad)).toBe(400);
      }
      const bodyKey = "b0d7-key-behind-an-empty-header";
      const a = await post({ ...VALID, email: "body-key@example.dk", idempotencyKey: bodyKey }, { headers: { "Idempotency-Key": "" } });
      const b = await post({ ...VALID, email: "body-key@example.dk", idempotencyKey: bodyKey }, { headers: { "Idempotency-Key": "" } });
      expect((await a.json()).id).toBe((await b.json()).id);
      expect(await rows()).toHaveLength(2);
      expect(await mailbox.all()).toHaveLength(2);
    });

    it("stores text in NFC, refuses invisible characters in names, accepts an internationalised domain and refuses bytes that are not UTF-8", async () => {
      const decomposed = await post({ ...VALID, name: "a\u030a".repeat(51), email: "info@blåbær.dk" });
      expect(decomposed.status).toBe(200);
      const [row] = await rows();
      expect(row.name).toBe("å".repeat(51));
      const [mail] = await mailbox.all();
      expect(mail.parsed.replyTo?.[0].address).toMatch(/^info@(blåbær|xn--blbr-roah)\.dk$/);
      const bidi = await post({ ...VALID, name: "Jens \u202eHansen", email: "bidi@example.dk" });
      expect(bidi.status).toBe(400);
      expect((await bidi.json()).fieldErrors).toEqual({ name: ["Navn indeholder ugyldige tegn"] });
      // A form posted as Latin-1 ("Køge" as K%F8ge) and JSON that is not UTF-8: refused, not stored as "K\ufffdge".
      const latin1 = await fetch(functions.submitUrl, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.8.0.1", Origin: SITE_URL },
        body: `${new URLSearchParams({ ...VALID, location: "" }).toString()}&location=K%F8ge`.replace("location=&", ""),
      });
      expect(latin1.status).toBe(303);
      expect(latin1.headers.get("location")).toBe(`${SITE_URL}/kontakt/fejl?grund=badRequest#badRequest`);
      const bytes = new TextEncoder().encode(JSON.stringify({ ...VALID, location: "K__ge", email: "bytes@example.dk" }));
      bytes.set([0xf8, 0x20], bytes.indexOf(0x5f)); // "K\xf8 ge": one Latin-1 byte in the JSON
      const json = await fetch(functions.submitUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.8.0.2" },
        body: bytes,
      });
      expect(json.status).toBe(400);
      expect(await rows()).toHaveLength(1);
    });

    it("counts an IPv6 client by its /64 block", async () => {
      const statuses = [];
      for (let host = 1; host <= 7; host++) {
        const response = await post({ ...VALID, email: `v6-${host}@example.dk` }, { ip: `2001:db8:1:2::${host.toString(16)}` });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      // Another /64, and an IPv4-mapped address, are other clients.
      expect((await post({ ...VALID, email: "v6-other@example.dk" }, { ip: "2001:db8:1:3::1" })).status).toBe(200);
      expect((await post({ ...VALID, email: "v4-mapped@example.dk" }, { ip: "::ffff:192.0.2.7" })).status).toBe(200);
    });

    it("keeps the page address only when it is one line of the site's or a partner's page, and never fails over it", async () => {
      const cases = [
        [`/kontakt\nE-mail: falsk@example.com\nTelefon: 99999999`, null],
        ["/kontakt\u0000", null],
        [`/${"a".repeat(489)}`, `${SITE_URL}/${"a".repeat(489)}`.length <= 500 ? `${SITE_URL}/${"a".repeat(489)}` : null],
        [`${SITE_URL}/${"ø".repeat(80)}`, null],
        ["https://evil.example/phishing", null],
        ["javascript:alert(1)", null],
        [`${SITE_URL}/omraader/koge`, `${SITE_URL}/omraader/koge`],
        [`${REGISTERED_PARTNER}/elektrikere`, `${REGISTERED_PARTNER}/elektrikere`],
        // Only the page: no user part posing as another host, no query or fragment with text of its own.
        ["/ydelser/private#eltavle", `${SITE_URL}/ydelser/private`],
        [`${SITE_URL.replace("://", "://login.mitid.dk.betaling@")}/kontakt`, `${SITE_URL}/kontakt`],
        [`${SITE_URL}/kontakt?Betal_faktura_her=https://evil.example`, `${SITE_URL}/kontakt`],
        [`${SITE_URL}/kon\u00adtakt`, null],
      ];
      for (const [index, [page, stored]] of cases.entries()) {
        const response = await post({ ...VALID, email: `page-${index}@example.dk`, page });
        expect(response.status, JSON.stringify(page)).toBe(200);
        const [row] = await sql`select source_url from quote_requests where email = ${`page-${index}@example.dk`}`;
        expect(row.source_url, JSON.stringify(page)).toBe(stored);
      }
      const mails = await mailbox.all();
      expect(mails).toHaveLength(cases.length);
      for (const mail of mails) {
        expect(mail.parsed.text?.match(/^E-mail: /gm), "one E-mail line").toHaveLength(1);
        expect(mail.parsed.text).not.toContain("evil.example");
        expect(mail.parsed.html).not.toMatch(/mitid|Betal_faktura/);
      }
    });

    it("mails the customer's name only as a name: never an encoded word or an address in Reply-To, and one call link per number", async () => {
      const forged = "=?UTF-8?B?a29udGFrdEBla3NlbXBlbC1lbC5leGFtcGxlIDxrb250YWt0QGVrc2VtcGVsLWVsLmV4YW1wbGU+?=";
      for (const name of [forged, "=?UTF-8?Q?Jens=0D=0ABcc:_x@y.z?=", "kontakt@eksempel-el.example"]) {
        const response = await post({ ...VALID, name });
        expect(response.status, name).toBe(400);
        expect((await response.json()).fieldErrors).toEqual({ name: ["Navn må ikke indeholde @ eller =?"] });
      }
      for (const name of ["Je\u00adns", "Jens\u3164", "Jens\u2800", "Jens\u{e0041}"])
        expect((await post({ ...VALID, name })).status, name).toBe(400);
      expect((await post({ ...VALID, message: "Ny eltavle \u202etak for hjælpen" })).status).toBe(400);
      expect(await rows()).toHaveLength(0);
      expect((await post({ ...VALID, phone: "20304050/60708090", message: "Ring gerne 👨\u200d🔧 på begge numre" })).status).toBe(200);
      const [mail] = await mailbox.all();
      expect(mail.parsed.replyTo).toEqual([{ name: VALID.name, address: VALID.email }]);
      expect(mail.parsed.html).not.toContain("tel:");
      expect(mail.parsed.html).toContain("20304050/60708090");
    });

    // docs/product.md#quote-form-rules, rule by rule: the exact Danish message, and nothing stored.
    const RULES = [
      ["name", "J", "Navn skal være mindst 2 tegn"],
      ["name", "J".repeat(101), "Navn må højst være 100 tegn"],
      ["phone", "1234567", "Indtast et gyldigt telefonnummer"],
      ["phone", "1".repeat(21), "Telefonnummer må højst være 20 tegn"],
      ["email", "ikke-en-email", "Indtast en gyldig email"],
      ["location", "K", "Indtast hvor arbejdet skal udføres"],
      ["location", "K".repeat(201), "Lokation må højst være 200 tegn"],
      ["message", "For kort", "Besked skal være mindst 10 tegn"],
      ["message", "x".repeat(1001), "Besked må højst være 1000 tegn"],
    ];
    for (const [field, value, message] of RULES) {
      it(`refuses ${field} = ${JSON.stringify(value.length > 12 ? `${value.slice(0, 3)}… (${value.length})` : value)} with "${message}"`, async () => {
        const response = await post({ ...VALID, [field]: value });
        expect(response.status).toBe(400);
        const body = await response.json();
        expect(body.fieldErrors).toEqual({ [field]: [message] });
        expect(body.error).toBe("Nogle felter er ikke udfyldt korrekt.");
        expect(await rows()).toHaveLength(0);
        expect(await mailbox.all()).toHaveLength(0);
      });
    }

    it("refuses control characters that Postgres or a mail header would choke on", async () => {
      const response = await post({ ...VALID, message: "Hej med jer\u0000 og tak" });
      expect(response.status).toBe(400);
      expect((await response.json()).fieldErrors).toEqual({ message: ["Besked indeholder ugyldige tegn"] });
      const form = await postForm({ ...VALID, name: "Jens\u0000Hansen" });
      expect(form.headers.get("location")).toBe(`${SITE_URL}/kontakt/fejl?felter=name#name`);
      expect(await rows()).toHaveLength(0);
    });

    it("reports every field's message at once for an empty body", async () => {
      const response = await post({});
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()).fieldErrors).sort()).toEqual(["email", "location", "message", "name", "phone"]);
      expect(await rows()).toHaveLength(0);
    });

    it(
      "redirects a plain HTML form post to the thank-you page, or to the error page at the first problem",
      async () => {
        const ok = await postForm({ ...VALID, page: "/kontakt", website: "" });
        expect(ok.status).toBe(303);
        expect(ok.headers.get("location")).toBe(`${SITE_URL}/kontakt/tak`);
        const [row] = await rows();
        expect(row.source_url).toBe(`${SITE_URL}/kontakt`);
        const bad = await postForm({ ...VALID, email: "jens@", phone: "12" });
        expect(bad.status).toBe(303);
        expect(bad.headers.get("location")).toBe(`${SITE_URL}/kontakt/fejl?felter=phone,email#phone`);
        expect(await rows()).toHaveLength(1);
      },
      { deno: true },
    );

    it("drops a request whose honeypot field is filled, without telling the bot", async () => {
      const response = await post({ ...VALID, website: "https://spam.example" });
      expect(response.status).toBe(200);
      expect(await rows()).toHaveLength(0);
      expect(await mailbox.all()).toHaveLength(0);
      const form = await postForm({ ...VALID, website: "spam" });
      expect(form.headers.get("location")).toBe(`${SITE_URL}/kontakt/tak`);
      expect(await rows()).toHaveLength(0);
    });

    it("logs a lead dropped by the honeypot with the partner page it came through, so a page that fills it shows", async () => {
      const from = { headers: { Origin: REGISTERED_PARTNER } };
      expect((await post({ ...VALID, partnerId: "elportalen", website: "udfyldt af siden" }, from)).status).toBe(200);
      const dropped = functions.output
        .join("")
        .split("\n")
        .filter((line) => line.includes('"spam_dropped"'))
        .map((line) => JSON.parse(line));
      expect(dropped.at(-1)).toMatchObject({ reason: "honeypot", partnerId: "elportalen", origin: REGISTERED_PARTNER });
      expect(JSON.stringify(dropped.at(-1))).not.toContain(VALID.email);
    });

    it("drops a honeypot holding anything at all: a number, a list, an object, a space", async () => {
      for (const website of [1, ["x"], { a: 1 }, true, "   "]) {
        const response = await post({ ...VALID, website });
        expect(response.status, JSON.stringify(website)).toBe(200);
      }
      expect(await rows()).toHaveLength(0);
      expect(await mailbox.all()).toHaveLength(0);
      // What a person's browser sends: the field empty, or not at all.
      expect((await post({ ...VALID, website: "" })).status).toBe(200);
      expect((await post({ ...VALID, website: null })).status).toBe(200);
      expect(await rows()).toHaveLength(2);
    });

    it("refuses a post from another site's page with 403, for every content type, storing and mailing nothing", async () => {
      const forged = [
        post({ ...VALID }, { headers: { Origin: "https://evil.example" } }),
        post({ ...VALID }, { headers: { Origin: "null" } }),
        post({ ...VALID }, { headers: { Referer: "https://evil.example/side-med-skjult-formular" } }),
        fetch(functions.submitUrl, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", "X-Forwarded-For": "10.9.9.9" },
          body: new URLSearchParams(VALID).toString(),
        }),
        fetch(functions.submitUrl, {
          method: "POST",
          headers: { "Content-Type": "text/plain", Origin: "https://evil.example" },
          body: JSON.stringify(VALID),
        }),
      ];
      for (const response of await Promise.all(forged)) {
        expect(response.status).toBe(403);
        expect(response.headers.get("location")).toBeNull();
        expect(response.headers.get("access-control-allow-origin")).toBeNull();
        expect((await response.json()).error).toBe(
          `Vi kan kun modtage forespørgsler fra vores egen hjemmeside og vores partneres sider. Ring til os på ${PHONE}, så hjælper vi dig.`,
        );
      }
      expect(await rows()).toHaveLength(0);
      expect(await mailbox.all()).toHaveLength(0);
      // The site's own pages, a registered partner, and a server-side client that names no origin.
      const own = await fetch(functions.submitUrl, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE_URL, "X-Forwarded-For": "10.9.9.10" },
        body: new URLSearchParams(VALID).toString(),
      });
      expect(own.headers.get("location")).toBe(`${SITE_URL}/kontakt/tak`);
      expect((await post({ ...VALID, email: "referer@example.dk" }, { headers: { Referer: `${SITE_URL}/kontakt` } })).status).toBe(200);
      expect((await post({ ...VALID, email: "partner@example.dk" }, { headers: { Origin: REGISTERED_PARTNER } })).status).toBe(200);
      expect((await post({ ...VALID, email: "server@example.dk" })).status).toBe(200);
      expect(await rows()).toHaveLength(4);
    });

    it("varies every answer by Origin, allowed or not, stored, refused or a preflight", async () => {
      const answers = [];
      /** @type {Record<string, string>[]} */
      const origins = [{}, { Origin: SITE_URL }, { Origin: "https://evil.example" }];
      for (const headers of origins) {
        answers.push(
          await post({ ...VALID, phone: "12" }, { headers }),
          await post({ ...VALID, email: `vary${answers.length}@example.dk` }, { headers }),
        );
        for (const method of ["OPTIONS", "GET"])
          answers.push(await fetch(functions.submitUrl, { method, headers: { ...headers, "Access-Control-Request-Method": "POST" } }));
      }
      expect(new Set(answers.map((response) => response.status))).toEqual(new Set([200, 204, 400, 403, 405]));
      for (const response of answers) expect(response.headers.get("vary"), `${response.status}`).toBe("Origin");
    });

    it("refuses JSON without a fill time or faster than a person, whatever the clocks say", async () => {
      for (const elapsedMs of [undefined, null, "60000", 500, -1, Number.NaN]) {
        const response = await post({ ...VALID, elapsedMs });
        expect(response.status, String(elapsedMs)).toBe(400);
        expect((await response.json()).error).toBe("Det gik lidt for hurtigt. Tjek felterne, og send igen.");
      }
      // The old start time from the visitor's clock counts for nothing now: a bot cannot skip the check by leaving it out.
      expect((await post({ ...VALID, elapsedMs: undefined, startedAt: Date.now() - 60_000 })).status).toBe(400);
      expect(await rows()).toHaveLength(0);
      expect((await post({ ...VALID, elapsedMs: 3_000 })).status).toBe(200);
      expect((await post({ ...VALID, email: "slow@example.dk", elapsedMs: 600_000 })).status).toBe(200);
      // A plain HTML form has no JavaScript to measure with: judged by its origin and the honeypot.
      expect((await postForm({ ...VALID, email: "form@example.dk" })).headers.get("location")).toBe(`${SITE_URL}/kontakt/tak`);
      expect(await rows()).toHaveLength(3);
    });

    it("refuses a form post that no browser sent (no Origin, no Referer), and a fill time no widget measured", async () => {
      const bare = await postForm({ ...VALID }, { origin: null });
      expect(bare.status).toBe(403);
      expect((await bare.json()).error).toContain(PHONE);
      for (const elapsedMs of [1e300, Number.MAX_SAFE_INTEGER, 86_400_001]) {
        const response = await post({ ...VALID, elapsedMs });
        expect(response.status, String(elapsedMs)).toBe(400);
      }
      expect(await rows()).toHaveLength(0);
      // A day is the most a widget sends; a form post from a page of the site passes as before.
      expect((await post({ ...VALID, elapsedMs: 86_400_000 })).status).toBe(200);
      expect((await postForm({ ...VALID, email: "form@example.dk" })).status).toBe(303);
      expect(await rows()).toHaveLength(2);
    });

    it("limits requests per client, counted in Postgres, with Retry-After and the phone number", async () => {
      const ip = "192.0.2.10";
      for (let i = 0; i < 5; i++) expect((await post({ ...VALID, email: `kunde${i}@example.dk` }, { ip })).status).toBe(200);
      const limited = await post({ ...VALID, email: "kunde9@example.dk" }, { ip });
      expect(limited.status).toBe(429);
      // The window is 60 minutes and the first of the five requests was just now.
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3500);
      expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
      const { error } = await limited.json();
      expect(error).toBe(
        `Vi har modtaget mange forespørgsler på kort tid med de samme oplysninger. Prøv igen senere, eller ring til os på ${PHONE}, så hjælper vi dig med det samme.`,
      );
      // It may not be this visitor who sent them: the message does not say "fra dig".
      expect(error).not.toMatch(/fra dig/);
      expect(await rows()).toHaveLength(5);
      expect((await post({ ...VALID, email: "anden@example.dk" }, { ip: "192.0.2.11" })).status).toBe(200);
      // Only the right-most forwarded address counts (our gateway's); a client cannot rotate the rest.
      const spoofed = await post({ ...VALID, email: "spoof@example.dk" }, { ip: `203.0.113.${client}, ${ip}` });
      expect(spoofed.status).toBe(429);
    });

    it("limits one client's requests for one e-mail address, but lets the address's owner through from elsewhere", async () => {
      // A stranger uses Jens's address three times from one client: that client is stopped for it...
      const stranger = "198.51.100.66";
      for (let i = 0; i < 3; i++) expect((await post({ ...VALID }, { ip: stranger })).status).toBe(200);
      expect((await post({ ...VALID, email: VALID.email.toUpperCase() }, { ip: stranger })).status).toBe(429);
      // ...while Jens himself, from his own connection, still gets through.
      expect((await post({ ...VALID }, { ip: "198.51.100.77" })).status).toBe(200);
      expect(await rows()).toHaveLength(4);
    });

    it("never refuses a person's own request for what other clients sent with their address; mails at most 10 an hour for it", async () => {
      // A stranger posts with the victim's address from five clients, three times each (IPv4 and IPv6 /64s)...
      const strangers = ["198.51.100.1", "198.51.100.2", "2001:db8:66:1::1", "2001:db8:66:2::1", "198.51.100.3"];
      for (const ip of strangers) for (let i = 0; i < 3; i++) expect((await post({ ...VALID }, { ip })).status).toBe(200);
      // ...and the victim, from a fresh client, is answered as stored, and so is a form post.
      const own = await post({ ...VALID, message: "Det er mig selv: vi skal have ny eltavle." }, { ip: "203.0.113.5" });
      expect(own.status).toBe(200);
      expect(own.headers.get("retry-after")).toBeNull();
      expect((await postForm({ ...VALID }, { ip: "203.0.113.6" })).headers.get("location")).toBe(`${SITE_URL}/kontakt/tak`);
      const stored = await rows();
      expect(stored).toHaveLength(17);
      // The firm got ten e-mails for the address; the rest are held, and the scheduled retry's alert lists them.
      expect(await mailbox.all()).toHaveLength(10);
      expect(stored.filter((row) => row.notification_status === "held")).toHaveLength(7);
      const { id } = await own.json();
      expect((await retry()).status).toBe(200);
      await expect.poll(() => alerts.flatMap((alert) => alert.requestIds)).toContain(id);
    });

    it("counts and erases every spelling of one address as that address, stored in its one form", async () => {
      const ip = "192.0.2.77";
      const spellings = ["x@example.dk", "x@ｅｘａｍｐｌｅ.dk", "x@example。dk", "X@EXAMPLE.DK"];
      for (const email of spellings.slice(0, 3)) expect((await post({ ...VALID, email }, { ip })).status, email).toBe(200);
      expect((await post({ ...VALID, email: spellings[3] }, { ip })).status).toBe(429);
      for (const email of ["x@ex\u00adample.dk", "x@exa\u034fmple.dk", "x@exa\ufe0fmple.dk", "x@exаmple.dk"])
        expect((await post({ ...VALID, email })).status, email).toBe(400);
      expect((await rows()).map((row) => row.email)).toEqual(["x@example.dk", "x@example.dk", "x@example.dk"]);
      for (const mail of await mailbox.all()) expect(mail.parsed.replyTo?.[0].address).toBe("x@example.dk");
      const forget = promisify(execFile)(process.execPath, ["scripts/forget-requester.js", "x@ｅｘａｍｐｌｅ。DK", "--delete"], {
        env: { ...process.env, SUPABASE_DB_URL: database.url },
      });
      expect(JSON.parse((await forget).stdout).deleted).toBe(3);
    });

    it("gives the same answer for the same idempotency key, with one row and one e-mail", async () => {
      const key = "3f0b6a1e-5b7c-4d2a-9f10-idempotent";
      const first = await post({ ...VALID }, { headers: { "Idempotency-Key": key } });
      const second = await post({ ...VALID }, { headers: { "Idempotency-Key": key } });
      const inBody = await post({ ...VALID, idempotencyKey: key });
      expect([first.status, second.status, inBody.status]).toEqual([200, 200, 200]);
      const ids = [(await first.json()).id, (await second.json()).id, (await inBody.json()).id];
      expect(new Set(ids).size).toBe(1);
      expect(await rows()).toHaveLength(1);
      expect(await mailbox.all()).toHaveLength(1);
    });

    it("gives one row for one idempotency key even when requests race from different clients", async () => {
      const key = "race-0123456789-abcdef";
      const responses = await Promise.all(
        // The same request retried from six addresses at once (a phone changing networks): one row.
        Array.from({ length: 6 }, () => post({ ...VALID }, { headers: { "Idempotency-Key": key } })),
      );
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const ids = new Set(await Promise.all(responses.map(async (response) => (await response.json()).id)));
      expect(ids.size).toBe(1);
      expect(await rows()).toHaveLength(1);
      expect(await mailbox.all()).toHaveLength(1);
    });

    it(
      "gives up on a permanent refusal (550): the row ends failed, nothing is deleted, an error log names it and the firm is alerted elsewhere",
      async () => {
        mailbox.refuse(MAIL_TO); // a mistyped MAIL_TO: the mail server answers 550 unknown mailbox
        const response = await post({ ...VALID });
        expect(response.status).toBe(200);
        const { id } = await response.json();
        await expect.poll(async () => (await rows())[0]?.notification_status, { timeout: 10_000 }).toBe("failed");
        const [row] = await rows();
        expect(row).toMatchObject({ id, attempts: 1 });
        expect(row.failed_at).toBeInstanceOf(Date);
        expect(row.last_error).toContain("550");
        // The retry job leaves a failed row alone, however due it is.
        await sql`update quote_requests set next_attempt_at = now() - interval '1 day' where id = ${id}`;
        expect(await (await retry()).json()).toEqual({ sent: 0, failed: 0 });
        await expect.poll(() => alerts.length, { timeout: 10_000 }).toBe(1);
        expect(alerts[0]).toMatchObject({ event: "quote_requests_undelivered", requestIds: [id], failed: 1, count: 1 });
        expect(alerts[0].text).toContain("npm run leads -- --undelivered");
        const errorLine = functions.output
          .join("")
          .split("\n")
          .find((line) => line.includes('"mail_undeliverable"'));
        expect(JSON.parse(errorLine ?? "{}")).toMatchObject({ level: "error", requestId: id });
        // Listed for a person to call back.
        const listed = await promisify(execFile)(process.execPath, ["scripts/leads.js", "--undelivered"], {
          env: { ...process.env, SUPABASE_DB_URL: database.url },
        });
        expect(JSON.parse(listed.stdout)).toMatchObject({ undelivered: 1, requests: [{ id, status: "failed", phone: VALID.phone }] });
      },
      { deno: true },
    );

    it("gives up after the 24-hour horizon and caps the backoff exponent (attempts = 1024 no longer overflows)", async () => {
      const store = createStore(sql);
      await post({ ...VALID });
      const [{ id }] = await rows();
      await sql`update quote_requests set notification_status = 'sending', attempts = 1024 where id = ${id}`;
      expect(await store.markFailed(/** @type {StoredRequest} */ ({ ...(await rows())[0], attempts: 1024 }), "ETIMEDOUT")).toBe("pending");
      const [row] = await rows();
      expect(row.next_attempt_at.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000 + 5_000);
      await sql`update quote_requests set notification_status = 'sending', received_at = now() - interval '25 hours' where id = ${id}`;
      expect(await store.markFailed(/** @type {StoredRequest} */ ({ ...row, attempts: 1024 }), "ETIMEDOUT")).toBe("failed");
      expect((await rows())[0]).toMatchObject({ notification_status: "failed", last_error: "ETIMEDOUT" });
    });

    it(
      "gives up through the scheduled retry once the 24-hour horizon has passed: the row ends failed, an error log names it and the firm is alerted",
      async () => {
        await mailbox.down();
        try {
          const response = await post({ ...VALID });
          const { id } = await response.json();
          await expect.poll(async () => (await rows())[0]?.attempts, { timeout: 10_000 }).toBe(1);
          // A day and an hour later the mail server still refuses connections.
          await sql`update quote_requests set received_at = now() - interval '25 hours', next_attempt_at = now() where id = ${id}`;
          alerts.splice(0); // the row was an hour unsent: what counts here is the alert for the failure
          expect(await (await retry()).json()).toEqual({ sent: 0, failed: 1 });
          expect((await rows())[0]).toMatchObject({ id, notification_status: "failed", attempts: 2 });
          const errorLine = functions.output
            .join("")
            .split("\n")
            .find((line) => line.includes('"mail_undeliverable"') && line.includes(id));
          expect(JSON.parse(errorLine ?? "{}")).toMatchObject({ level: "error", requestId: id });
          await expect
            .poll(() => alerts.some((alert) => alert.requestIds.includes(id) && alert.failed === 1), { timeout: 10_000 })
            .toBe(true);
        } finally {
          await mailbox.up();
        }
      },
      { deno: true },
    );

    it("counts an alert only once the webhook took it: one answered 500 or never is sent again with the scheduled retry", async () => {
      await sql`insert into quote_requests (name, phone, email, location, message, client_ip_hash, notification_status)
        values ('Jens Hansen', '12345678', 'opgivet@example.dk', 'Køge', 'Ny eltavle i villa fra 1972', 'x', 'failed')`;
      const [{ id }] = await rows();
      webhookPlan.push("fail");
      expect((await retry()).status).toBe(200);
      expect((await rows())[0].alerted_at).toBeNull();
      webhookPlan.push("hang");
      expect((await retry()).status).toBe(200);
      expect(hung).toHaveLength(1);
      expect((await rows())[0].alerted_at).toBeNull();
      // The webhook works again: the next scheduled retry tells the firm, once.
      expect((await retry()).status).toBe(200);
      await expect.poll(() => alerts.flatMap((alert) => alert.requestIds)).toEqual([id]);
      expect((await rows())[0].alerted_at).not.toBeNull();
      expect((await retry()).status).toBe(200);
      expect(alerts).toHaveLength(1);
    });

    it("sends the rest of a batch while the alert for a failed row hangs", async () => {
      mailbox.refuse(MAIL_TO);
      try {
        const first = await (await post({ ...VALID, email: "first@example.dk" }, { settle: false })).json();
        webhookPlan.push("hang", "hang");
        await backend.settled();
        await expect.poll(() => hung.length).toBeGreaterThan(0);
        // The first request's alert hangs at the webhook; the next request is stored and mailed meanwhile.
        mailbox.clear();
        expect((await post({ ...VALID, email: "second@example.dk" })).status).toBe(200);
        expect((await mailbox.all()).map((mail) => mail.parsed.replyTo?.[0].address)).toEqual(["second@example.dk"]);
        expect((await rows()).find((row) => row.id === first.id)).toMatchObject({ notification_status: "failed", alerted_at: null });
      } finally {
        mailbox.clear();
      }
    });

    it("alerts the firm on the next request when older requests are still unsent after an hour", async () => {
      await sql`insert into quote_requests (name, phone, email, location, message, client_ip_hash, received_at)
        values ('Jens Hansen', '12345678', 'glemt@example.dk', 'Køge', 'Ny eltavle i villa fra 1972', 'x', now() - interval '2 hours')`;
      const [{ id: stale }] = await rows();
      expect((await post({ ...VALID })).status).toBe(200);
      await expect.poll(() => alerts.length, { timeout: 10_000 }).toBe(1);
      expect(alerts[0]).toMatchObject({ requestIds: [stale], failed: 0, count: 1 });
      // Told once: the next request does not repeat it.
      expect((await post({ ...VALID, email: "naeste@example.dk" })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(alerts).toHaveLength(1);
    });

    it(
      "answers a body that stalls half-way with 408 within its deadline, storing nothing",
      async () => {
        const { port, pathname } = new URL(functions.submitUrl);
        /** @type {import("node:http").ClientRequest | undefined} */
        let stalled;
        const status = await new Promise((resolve, reject) => {
          stalled = httpRequest(
            {
              host: "127.0.0.1",
              port,
              path: pathname,
              method: "POST",
              headers: { "Content-Type": "application/json", "Content-Length": "300" },
            },
            (response) => resolve(response.statusCode),
          );
          stalled.on("error", reject);
          stalled.write('{"name": "Jens Hansen", "pho'); // and then nothing more
        });
        stalled?.destroy();
        expect(status).toBe(408);
        expect(await rows()).toHaveLength(0);
      },
      { deno: true },
    );

    it("lets a sender whose claim expired neither overwrite nor repeat the new sender's result", async () => {
      const store = createStore(sql);
      await post({ ...VALID });
      const [{ id }] = await rows();
      await sql`update quote_requests set notification_status = 'pending', attempts = 0 where id = ${id}`;
      const first = await store.claim(id);
      if (!first) throw new Error("the row was not claimed");
      expect(first.attempts).toBe(1);
      // The first sender stalls past its claim; the retry job takes the row over.
      await sql`update quote_requests set claimed_until = now() - interval '1 second' where id = ${id}`;
      const [second] = await store.claimDue(5);
      expect(second).toMatchObject({ id, attempts: 2 });
      await store.markFailed(first, "late");
      await store.markSent(second);
      await store.markFailed(first, "later still");
      const [row] = await rows();
      expect(row).toMatchObject({ notification_status: "sent", attempts: 2, last_error: null });
    });

    it(
      "answers 200 while the mail server is down, keeps the row pending, and the retry sends it exactly once",
      async () => {
        await mailbox.down();
        const response = await post({ ...VALID });
        expect(response.status).toBe(200);
        const { id } = await response.json();
        let [row] = await rows();
        expect(row).toMatchObject({ id, notification_status: "pending", attempts: 1 });
        expect(row.last_error).toBeTruthy();
        expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
        // Not due yet: the retry leaves it alone.
        expect(await (await retry()).json()).toEqual({ sent: 0, failed: 0 });
        await mailbox.up();
        await sql`update quote_requests set next_attempt_at = now() where id = ${id}`;
        expect((await retry("wrong-secret-0123456789")).status).toBe(401);
        const [firstRun, secondRun] = await Promise.all([retry(), retry()]);
        const results = [await firstRun.json(), await secondRun.json()];
        expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
        expect(await (await retry()).json()).toEqual({ sent: 0, failed: 0 });
        [row] = await rows();
        expect(row).toMatchObject({ notification_status: "sent", attempts: 2, last_error: null });
        const mails = await mailbox.all();
        expect(mails).toHaveLength(1);
        expect(mails[0].parsed.messageId).toBe(`<${id}@quote-requests>`);
      },
      { deno: true },
    );

    it(
      "answers 503 with the phone number when Postgres cannot be reached",
      async () => {
        await database.pause();
        try {
          const response = await post({ ...VALID }, { settle: false });
          expect(response.status).toBe(503);
          const body = await response.json();
          expect(body.error).toBe(`Vi kan ikke modtage forespørgsler lige nu. Ring til os på ${PHONE}, så hjælper vi dig.`);
          expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
          const form = await postForm({ ...VALID }, { settle: false });
          expect(form.headers.get("location")).toBe(`${SITE_URL}/kontakt/fejl?grund=unavailable#unavailable`);
        } finally {
          await database.resume();
        }
        await expect.poll(async () => (await post({ ...VALID })).status, { timeout: 15_000 }).toBe(200);
      },
      { deno: true },
    );

    it(
      "sends CORS headers only to allowed origins, never *",
      async () => {
        const preflight = (/** @type {string} */ origin) =>
          fetch(functions.submitUrl, { method: "OPTIONS", headers: { Origin: origin, "Access-Control-Request-Method": "POST" } });
        for (const origin of [SITE_URL, PARTNER_ORIGIN, "https://registered-partner.example"]) {
          const response = await preflight(origin);
          expect(response.headers.get("access-control-allow-origin"), origin).toBe(origin);
          expect(response.headers.get("access-control-allow-headers")).toContain("idempotency-key");
        }
        const evil = await preflight("https://evil.example");
        expect(evil.headers.get("access-control-allow-origin")).toBeNull();
        const post403 = await post({ ...VALID }, { headers: { Origin: "https://evil.example" } });
        expect(post403.headers.get("access-control-allow-origin")).toBeNull();
      },
      { deno: true },
    );

    it(
      "refuses other methods (405), other content types (415) and large bodies (413)",
      async () => {
        expect((await fetch(functions.submitUrl)).status).toBe(405);
        const text = await fetch(functions.submitUrl, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hej" });
        expect(text.status).toBe(415);
        const large = await post({ ...VALID, message: "x".repeat(20_000) });
        expect(large.status).toBe(413);
        const broken = await post("{ not json");
        expect(broken.status).toBe(400);
        expect(await rows()).toHaveLength(0);
      },
      { deno: true },
    );

    it("keeps the public anon role from reading or writing the tables", async () => {
      for (const role of ["anon", "authenticated"]) {
        for (const table of ["quote_requests", "partners"]) {
          const as = (/** @type {string} */ statement) =>
            sql.begin(async (tx) => {
              await tx.unsafe(`set local role ${role}`);
              return tx.unsafe(statement);
            });
          await expect(as(`select * from ${table}`), `${role} select ${table}`).rejects.toThrow(/permission denied/);
          await expect(as(`insert into ${table} (name) values ('x')`), `${role} insert ${table}`).rejects.toThrow(/permission denied/);
        }
      }
      const [{ relrowsecurity }] = await sql`select relrowsecurity from pg_class where relname = 'quote_requests'`;
      expect(relrowsecurity).toBe(true);
    });

    it("cannot be used to inject e-mail headers (CR/LF in name or e-mail)", async () => {
      const name = await post({ ...VALID, name: "Jens\r\nBcc: victim@example.com" });
      expect(name.status).toBe(400);
      expect((await name.json()).fieldErrors).toEqual({ name: ["Navn må ikke indeholde linjeskift", "Navn må ikke indeholde @ eller =?"] });
      const email = await post({ ...VALID, email: "jens@example.dk\r\nBcc: victim@example.com" });
      expect(email.status).toBe(400);
      expect((await email.json()).fieldErrors).toEqual({ email: ["Indtast en gyldig email"] });
      const location = await post({ ...VALID, location: "Køge\nBcc: victim@example.com" });
      expect(location.status).toBe(400);
      expect(await rows()).toHaveLength(0);
      // A name that merely looks like a header stays inside the encoded Reply-To.
      expect((await post({ ...VALID, name: 'Jens "Bcc: victim"' })).status).toBe(200);
      const [mail] = await mailbox.all();
      expect(mail.raw).not.toMatch(/^Bcc:/im);
      expect(mail.parsed.bcc).toBeUndefined();
    });

    it("answers an unexpected failure with a generic Danish message and the request id, never the error text", async () => {
      await sql`alter table quote_requests rename column message to message_renamed`;
      try {
        const response = await post({ ...VALID });
        expect(response.status).toBe(500);
        const text = await response.text();
        const body = JSON.parse(text);
        expect(body).toEqual({
          error: `Der opstod en fejl. Prøv igen, eller ring til os på ${PHONE}.`,
          requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        });
        expect(text).not.toMatch(/message_renamed|column|relation|postgres/i);
      } finally {
        await sql`alter table quote_requests rename column message_renamed to message`;
      }
    });

    it("deletes requests past retention and clears hashed client data much sooner, keeping recent rows", async () => {
      const insert = (
        /** @type {string} */ email,
        /** @type {string} */ age,
      ) => sql`insert into quote_requests (name, phone, email, location, message, client_ip_hash, user_agent, received_at, notification_status)
        values ('Jens Hansen', '12345678', ${email}, 'Køge', 'Ny eltavle i villa', 'hash', 'browser', now() - ${age}::interval, 'sent')`;
      await insert("old@example.dk", "13 months");
      await insert("week@example.dk", "8 days");
      await insert("new@example.dk", "1 hour");
      const [result] = await sql`select * from public.purge_expired_quote_data()`;
      expect(result).toEqual({ deleted_requests: 1, cleared_client_data: 1 });
      const left = await sql`select email, client_ip_hash, user_agent from quote_requests order by received_at`;
      expect(left).toEqual([
        { email: "week@example.dk", client_ip_hash: "cleared", user_agent: null },
        { email: "new@example.dk", client_ip_hash: "hash", user_agent: "browser" },
      ]);
      // The period is configuration in the database.
      await sql`update retention_settings set quote_requests = interval '1 day'`;
      try {
        expect((await sql`select * from public.purge_expired_quote_data()`)[0].deleted_requests).toBe(1);
      } finally {
        await sql`update retention_settings set quote_requests = interval '12 months'`;
      }
    });

    it("finds and deletes everything stored for one e-mail address, with the documented script", async () => {
      await post({ ...VALID, email: "forget.me@example.dk" });
      await post({ ...VALID, email: "Forget.Me@example.dk" });
      await post({ ...VALID, email: "keep.me@example.dk" });
      const script = (/** @type {string[]} */ ...args) =>
        promisify(execFile)(process.execPath, ["scripts/forget-requester.js", ...args], {
          env: { ...process.env, SUPABASE_DB_URL: database.url },
        });
      const access = JSON.parse((await script("forget.me@example.dk")).stdout);
      expect(access.requests).toHaveLength(2);
      expect(access.requests[0]).toMatchObject({ name: VALID.name, location: VALID.location });
      expect(JSON.parse((await script("forget.me@example.dk", "--delete")).stdout)).toEqual({ email: "forget.me@example.dk", deleted: 2 });
      expect((await rows()).map((row) => row.email)).toEqual(["keep.me@example.dk"]);
    });

    it(
      "logs structured lines without the customer's personal data, and the X-Forwarded-For shape once without any address",
      async () => {
        await post({ ...VALID });
        await post({ ...VALID, phone: "12" });
        const lines = functions.output.join("").split("\n").filter(Boolean);
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) {
          expect(() => JSON.parse(line), line).not.toThrow();
          for (const secret of [VALID.name, VALID.email, VALID.phone, "Jens", "eltavlen", "victim@example.com"])
            expect(line).not.toContain(secret);
          expect(line).not.toMatch(/\b10\.\d+\.\d+\.\d+\b/); // the test clients' addresses
        }
        // What the function's README ("The HTTP contract") tells the operator to read after a deploy: one entry per proxy.
        const shapes = lines.map((line) => JSON.parse(line)).filter((entry) => entry.event === "forwarded_for_shape");
        expect(shapes).toHaveLength(1);
        expect(shapes[0]).toMatchObject({ shape: expect.stringMatching(/^ipv[46]$/), trustedProxyHops: 1 });
      },
      { deno: true },
    );
  });
}
