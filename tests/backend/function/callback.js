// The call-back ("Ring mig op"): the same function and contract with `kind` "callback", which reads only
// name, phone and an optional `when`; stored with its kind, mailed to the firm with a subject that says
// whom to call, never a receipt; the quote form's rules and Danish messages for name and phone; the plain
// form's redirects; and a kind the function does not know refused.
import { expect } from "vitest";
import rules from "../../../supabase/functions/_shared/quote-rules.json" with { type: "json" };
import callbackRules from "../../../supabase/functions/_shared/callback-rules.json" with { type: "json" };
import answerMessages from "../../../supabase/functions/_shared/answer-messages.json" with { type: "json" };
import { SITE_URL } from "../../support/function.js";
import { concern, VALID } from "../function-suite.js";

/** A call-back as the widget sends it: the kind, name, phone and when. */
const CALLBACK = Object.freeze({ kind: "callback", name: VALID.name, phone: VALID.phone });
const [, morning] = callbackRules.when.options;

export default concern("call-back requests", (h, it) => {
  const { post, postForm, rows } = h;

  it(
    "stores a call-back with its kind and when, mails the firm 'Ring op: name, phone' and sends no receipt",
    async () => {
      const response = await post({ ...CALLBACK, when: morning, page: "/kontakt" });
      expect(response.status).toBe(200);
      const { id } = await response.json();
      const [row, ...others] = await rows();
      expect(others).toHaveLength(0);
      expect(row).toMatchObject({
        id,
        kind: "callback",
        call_when: morning,
        name: VALID.name,
        phone: VALID.phone,
        email: null,
        location: null,
        message: null,
        source_url: `${SITE_URL}/kontakt`,
        mail: "sent",
      });
      // No address: no receipt, not even one turned off.
      expect(Object.keys(await h.deliveries(id)).sort()).toEqual(["alert", "mail", "sms"]);
      const [mail, ...moreMail] = await h.mailbox.all();
      expect(moreMail).toHaveLength(0);
      expect(mail.parsed.subject).toBe(`Ring op: ${VALID.name}, ${VALID.phone}`);
      expect(mail.parsed.replyTo).toBeUndefined();
      expect(mail.parsed.text).toContain(`Navn: ${VALID.name}`);
      expect(mail.parsed.text).toContain(`Telefon: ${VALID.phone}`);
      expect(mail.parsed.text).toContain(`Hvornår: ${morning}`);
      expect(mail.parsed.text).toContain(`Side: ${SITE_URL}/kontakt`);
      expect(mail.parsed.text).not.toContain("E-mail:");
      expect(mail.parsed.html).toContain(`<a href="tel:+4512345678">${VALID.phone}</a>`);
    },
    { deno: true },
  );

  it("reads only name, phone and when: e-mail, place and message are neither required nor kept", async () => {
    const response = await post({ ...CALLBACK, email: "ikke-en-adresse", location: "", message: "kort" });
    expect(response.status).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({ kind: "callback", call_when: null, email: null, location: null, message: null });
    const [mail] = await h.mailbox.all();
    expect(mail.parsed.text).toContain("Hvornår: Ikke angivet");
    // Without a kind a request is a quote, with every field of the quote form required.
    const quote = await post({ name: VALID.name, phone: VALID.phone });
    expect(quote.status).toBe(400);
    expect(Object.keys((await quote.json()).fieldErrors)).toEqual(["email", "location", "message"]);
  });

  it("checks name and phone with the quote form's rules and Danish messages, and when against its list", async () => {
    const response = await post({ kind: "callback", name: "J", phone: "12", when: "I nat" });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      name: [rules.name.minMessage],
      phone: [rules.phone.minMessage],
      when: [callbackRules.when.message],
    });
    const address = await post({ ...CALLBACK, name: "jens@example.dk" });
    expect((await address.json()).fieldErrors).toEqual({ name: [rules.name.addressMessage] });
    expect(await rows()).toHaveLength(0);
  });

  it("answers a plain form post with a redirect to the call-back's thank-you page, or to /kontakt/fejl naming the fields", async () => {
    const ok = await postForm({ ...CALLBACK, when: "", page: "/omraader/koge", website: "" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`${SITE_URL}/kontakt/ring-op-tak`);
    const bad = await postForm({ kind: "callback", name: "Jens Hansen", phone: "12", when: "Om natten" });
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe(`${SITE_URL}/kontakt/fejl?felter=phone,when#phone`);
    const [row, ...others] = await rows();
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ kind: "callback", source_url: `${SITE_URL}/omraader/koge` });
    // The honeypot is answered as the real thing would be, and nothing is stored.
    const bot = await postForm({ ...CALLBACK, website: "x" });
    expect(bot.headers.get("location")).toBe(`${SITE_URL}/kontakt/ring-op-tak`);
    expect(await rows()).toHaveLength(1);
  });

  it("refuses a kind it does not know with a clear 400, as JSON and from a plain form", async () => {
    const response = await post({ ...VALID, kind: "sms" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(answerMessages.badKind);
    const form = await postForm({ ...VALID, kind: "Callback" });
    expect(form.headers.get("location")).toBe(`${SITE_URL}/kontakt/fejl?grund=badKind#badKind`);
    expect(await rows()).toHaveLength(0);
  });

  it("applies the same fill time, idempotency and per-client limit to call-backs", async () => {
    const quick = await post({ ...CALLBACK, elapsedMs: 500 });
    expect(quick.status).toBe(400);
    const key = { "Idempotency-Key": "callback-key-1" };
    const first = await post({ ...CALLBACK, when: morning }, { headers: key });
    const again = await post({ ...CALLBACK, when: morning }, { headers: key });
    expect((await again.json()).id).toBe((await first.json()).id);
    const other = await post({ ...CALLBACK, when: callbackRules.when.options[2] }, { headers: key });
    expect(other.status).toBe(422);
    // The client's own limit (5 in the window) counts call-backs like quotes.
    const ip = "10.9.9.9";
    const statuses = [];
    for (let index = 0; index < 6; index++) statuses.push((await post({ ...CALLBACK, phone: `2030405${index}` }, { ip })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await rows()).toHaveLength(6);
  });
});
