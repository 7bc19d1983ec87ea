// The quote form's rules as the function applies them: each field's Danish message, text in one
// form, no invisible or control characters, no header injection, and the page address kept only when safe.
import { expect } from "vitest";
import { SITE_URL } from "../../support/function.js";
import { anotherPhone, concern, REGISTERED_PARTNER, VALID } from "../function-suite.js";

export default concern("validation of the fields", (h, it) => {
  const { post, postForm, rows } = h;

  it("stores text in NFC, refuses invisible characters in names, accepts an internationalised domain and refuses bytes that are not UTF-8", async () => {
    const decomposed = await post({ ...VALID, name: "a\u030a".repeat(51), email: "info@blåbær.dk" });
    expect(decomposed.status).toBe(200);
    const [row] = await rows();
    expect(row.name).toBe("å".repeat(51));
    const [mail] = await h.mailbox.all();
    expect(mail.parsed.replyTo?.[0].address).toMatch(/^info@(blåbær|xn--blbr-roah)\.dk$/);
    const bidi = await post({ ...VALID, name: "Jens \u202eHansen", email: "bidi@example.dk" });
    expect(bidi.status).toBe(400);
    expect((await bidi.json()).fieldErrors).toEqual({ name: ["Navn indeholder ugyldige tegn"] });
    // A form posted as Latin-1 ("Køge" as K%F8ge) and JSON that is not UTF-8: refused, not stored as "K\ufffdge".
    const latin1 = await fetch(h.functions.submitUrl, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.8.0.1", Origin: SITE_URL },
      body: `${new URLSearchParams({ ...VALID, location: "" }).toString()}&location=K%F8ge`.replace("location=&", ""),
    });
    expect(latin1.status).toBe(303);
    expect(latin1.headers.get("location")).toBe(`${SITE_URL}/kontakt/fejl?grund=badRequest#badRequest`);
    const bytes = new TextEncoder().encode(JSON.stringify({ ...VALID, location: "K__ge", email: "bytes@example.dk" }));
    bytes.set([0xf8, 0x20], bytes.indexOf(0x5f)); // "K\xf8 ge": one Latin-1 byte in the JSON
    const json = await fetch(h.functions.submitUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.8.0.2" },
      body: bytes,
    });
    expect(json.status).toBe(400);
    expect(await rows()).toHaveLength(1);
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
      const response = await post({ ...VALID, phone: anotherPhone(), email: `page-${index}@example.dk`, page });
      expect(response.status, JSON.stringify(page)).toBe(200);
      const [row] = await h.sql`select source_url from quote_requests where email = ${`page-${index}@example.dk`}`;
      expect(row.source_url, JSON.stringify(page)).toBe(stored);
    }
    const mails = await h.mailbox.all();
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
    const [mail] = await h.mailbox.all();
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
    ["email", "ikke-en-email", "Indtast en gyldig e-mailadresse"],
    ["location", "K", "Indtast hvor arbejdet skal udføres"],
    ["location", "K".repeat(201), "Adresse eller by må højst være 200 tegn"],
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
      expect(await h.mailbox.all()).toHaveLength(0);
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

  it("cannot be used to inject e-mail headers (CR/LF in name or e-mail)", async () => {
    const name = await post({ ...VALID, name: "Jens\r\nBcc: victim@example.com" });
    expect(name.status).toBe(400);
    expect((await name.json()).fieldErrors).toEqual({ name: ["Navn må ikke indeholde linjeskift", "Navn må ikke indeholde @ eller =?"] });
    const email = await post({ ...VALID, email: "jens@example.dk\r\nBcc: victim@example.com" });
    expect(email.status).toBe(400);
    expect((await email.json()).fieldErrors).toEqual({ email: ["Indtast en gyldig e-mailadresse"] });
    const location = await post({ ...VALID, location: "Køge\nBcc: victim@example.com" });
    expect(location.status).toBe(400);
    expect(await rows()).toHaveLength(0);
    // A name that merely looks like a header stays inside the encoded Reply-To.
    expect((await post({ ...VALID, name: 'Jens "Bcc: victim"' })).status).toBe(200);
    const [mail] = await h.mailbox.all();
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    expect(mail.parsed.bcc).toBeUndefined();
  });
});
