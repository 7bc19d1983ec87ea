// What send-contact-email answers: a stored request (and its e-mail after the answer), the plain HTML
// form's redirects, the refusals for the request's method, type, size or a stalled body, and the answers
// when Postgres is away or something unexpected fails.
import { expect } from "vitest";
import { receivedInDanish } from "../../../supabase/functions/_shared/mail.ts";
import { request as httpRequest } from "node:http";
import { MAIL_TO, PHONE, SITE_URL } from "../../support/function.js";
import { anotherPhone, concern, REGISTERED_PARTNER, VALID } from "../function-suite.js";

export default concern("answers: stored, redirected, refused for the request's shape, or unavailable", (h, it) => {
  const { post, postForm, rows } = h;

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
        mail: "sent",
        attempts: 1,
        user_agent: "test-browser",
      });
      expect(row.client_ip_hash).toMatch(/^[0-9a-f]{64}$/);
      const [mail, ...moreMail] = await h.mailbox.all();
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
      // A mail server that holds every message unanswered until the test lets it go: the answers have
      // to arrive while it holds them. Were an answer to wait for the mail server, none would arrive,
      // and the case would fail at its timeout.
      const release = h.mailbox.hold();
      try {
        const statuses = await Promise.all(
          Array.from({ length: 6 }, (_, index) =>
            fetch(h.functions.submitUrl, {
              method: "POST",
              headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.7.0.${index + 1}` },
              body: JSON.stringify({ ...VALID, phone: anotherPhone(), email: `hurtig-${index}@example.dk`, elapsedMs: 60_000 }),
            }).then((response) => response.status),
          ),
        );
        expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
        expect(await h.mailbox.all()).toHaveLength(0);
      } finally {
        release();
      }
      expect(await rows()).toHaveLength(6);
      // And every e-mail still arrives, once the mail server takes it.
      await expect.poll(async () => (await h.mailbox.all()).length, { timeout: 30_000, interval: 200 }).toBe(6);
      await h.settled();
      expect((await rows()).map((row) => row.mail)).toEqual(["sent", "sent", "sent", "sent", "sent", "sent"]);
    },
    { deno: true },
  );

  it("accepts the old site's body: just the five fields", async () => {
    const response = await post({ ...VALID });
    expect(response.status).toBe(200);
    expect(await rows()).toHaveLength(1);
    expect(await h.mailbox.all()).toHaveLength(1);
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

  it(
    "answers a body that stalls half-way with 408 within its deadline, storing nothing",
    async () => {
      const { port, pathname } = new URL(h.functions.submitUrl);
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

  it(
    "answers 503 with the phone number when Postgres cannot be reached",
    async () => {
      await h.database.pause();
      try {
        const response = await post({ ...VALID }, { settle: false });
        expect(response.status).toBe(503);
        const body = await response.json();
        expect(body.error).toBe(`Vi kan ikke modtage forespørgsler lige nu. Ring til os på ${PHONE}, så hjælper vi dig.`);
        expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
        const form = await postForm({ ...VALID }, { settle: false });
        expect(form.headers.get("location")).toBe(`${SITE_URL}/kontakt/fejl?grund=unavailable#unavailable`);
      } finally {
        await h.database.resume();
      }
      await expect.poll(async () => (await post({ ...VALID })).status, { timeout: 15_000 }).toBe(200);
    },
    { deno: true },
  );

  it(
    "refuses other methods (405), other content types (415) and large bodies (413)",
    async () => {
      expect((await fetch(h.functions.submitUrl)).status).toBe(405);
      const text = await fetch(h.functions.submitUrl, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hej" });
      expect(text.status).toBe(415);
      const large = await post({ ...VALID, message: "x".repeat(20_000) });
      expect(large.status).toBe(413);
      const broken = await post("{ not json");
      expect(broken.status).toBe(400);
      expect(await rows()).toHaveLength(0);
    },
    { deno: true },
  );

  it("answers an unexpected failure with a generic Danish message and the request id, never the error text", async () => {
    await h.sql`alter table quote_requests rename column message to message_renamed`;
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
      await h.sql`alter table quote_requests rename column message_renamed to message`;
    }
  });
});
