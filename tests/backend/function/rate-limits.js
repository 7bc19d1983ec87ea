// The rate limits, counted in Postgres: per client (an IPv6 client by its /64), per client and address,
// and the e-mails held for an address others keep using.
import { expect } from "vitest";
import { PHONE, SITE_URL } from "../../support/function.js";
import { anotherPhone, concern, VALID } from "../function-suite.js";

/** RATE_LIMIT_PER_PHONE_TOTAL's default: requests about one number from all clients in the window. */
const PER_PHONE_TOTAL = 3;

export default concern("rate limits and holds", (h, it) => {
  const { post, postForm, rows, retry } = h;

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
    const spoofed = await post({ ...VALID, email: "spoof@example.dk" }, { ip: `203.0.113.${h.nextClient()}, ${ip}` });
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
    for (const ip of strangers)
      for (let i = 0; i < 3; i++) expect((await post({ ...VALID, phone: anotherPhone() }, { ip })).status).toBe(200);
    // ...and the victim, from a fresh client, is answered as stored, and so is a form post.
    const own = await post(
      { ...VALID, phone: anotherPhone(), message: "Det er mig selv: vi skal have ny eltavle." },
      { ip: "203.0.113.5" },
    );
    expect(own.status).toBe(200);
    expect(own.headers.get("retry-after")).toBeNull();
    expect((await postForm({ ...VALID, phone: anotherPhone() }, { ip: "203.0.113.6" })).headers.get("location")).toBe(
      `${SITE_URL}/kontakt/tak`,
    );
    const stored = await rows();
    expect(stored).toHaveLength(17);
    // The firm got ten e-mails for the address; the rest are held, and the scheduled retry's alert lists them.
    expect(await h.mailbox.all()).toHaveLength(10);
    expect(stored.filter((row) => row.mail === "held")).toHaveLength(7);
    const { id } = await own.json();
    // The first held request was alerted at once; the rest wait out the alert interval, then go together.
    await h.sql`update deliveries set sent_at = now() - interval '1 day' where channel = 'alert'`;
    expect((await retry()).status).toBe(200);
    await expect.poll(() => h.alerts.flatMap((alert) => alert.requestIds)).toContain(id);
  });

  it("holds requests about one phone number, in any spelling, over its cap from all clients: 200, no e-mail, no SMS, alerted", async () => {
    // Twelve call-backs for one number from twelve clients (an IPv6 /64 each), as a stranger sends them
    // to use up the day's SMS and send the firm to call that number again and again.
    const spellings = ["+45 23 77 78 41", "0045 23777841", "23 77 78 41", "23-77-78-41"];
    const answers = [];
    for (let n = 0; n < 12; n++) {
      const response = await post({ kind: "callback", name: "Jens Hansen", phone: spellings[n % 4] }, { ip: `2001:db8:77:${n}::1` });
      answers.push(response.status);
    }
    // Never refused: the number's owner may be the one asking, and the requests before a stranger's.
    expect(answers).toEqual(answers.map(() => 200));
    const stored = await rows();
    expect(stored).toHaveLength(12);
    const held = stored.filter((row) => row.mail === "held");
    expect(held).toHaveLength(12 - PER_PHONE_TOTAL);
    await h.settled();
    // The firm is told of the number PER_PHONE_TOTAL times, by e-mail and by SMS, and no more.
    expect(await h.mailbox.all()).toHaveLength(PER_PHONE_TOTAL);
    await expect.poll(() => h.sms.messages.length).toBe(PER_PHONE_TOTAL);
    expect(
      await h.sql`select count(*)::int as n from deliveries where channel in ('mail', 'sms') and request_id = any(${held.map((row) => row.id)})`,
    ).toEqual([{ n: 0 }]);
    // A quote with the number is held too, while a request with another number is not.
    expect((await post({ ...VALID, phone: "23777841", email: "ny@example.dk" }, { ip: "192.0.2.201" })).status).toBe(200);
    expect((await post({ ...VALID, phone: anotherPhone(), email: "ny@example.dk" }, { ip: "192.0.2.202" })).status).toBe(200);
    expect((await rows()).slice(-2).map((row) => row.mail)).toEqual(["held", "sent"]);
    // The held requests are in the firm's alert.
    await h.sql`update deliveries set sent_at = now() - interval '1 day' where channel = 'alert'`;
    expect((await retry()).status).toBe(200);
    await expect.poll(() => h.alerts.flatMap((alert) => alert.requestIds)).toEqual(expect.arrayContaining(held.map((row) => row.id)));
  });

  it("counts and erases every spelling of one address as that address, stored in its one form", async () => {
    const ip = "192.0.2.77";
    const spellings = ["x@example.dk", "x@ｅｘａｍｐｌｅ.dk", "x@example。dk", "X@EXAMPLE.DK"];
    for (const email of spellings.slice(0, 3)) expect((await post({ ...VALID, email }, { ip })).status, email).toBe(200);
    expect((await post({ ...VALID, email: spellings[3] }, { ip })).status).toBe(429);
    for (const email of ["x@ex\u00adample.dk", "x@exa\u034fmple.dk", "x@exa\ufe0fmple.dk", "x@exаmple.dk"])
      expect((await post({ ...VALID, email })).status, email).toBe(400);
    expect((await rows()).map((row) => row.email)).toEqual(["x@example.dk", "x@example.dk", "x@example.dk"]);
    for (const mail of await h.mailbox.all()) expect(mail.parsed.replyTo?.[0].address).toBe("x@example.dk");
    const forget = h.script("scripts/forget-requester.js", "x@ｅｘａｍｐｌｅ。DK", "--delete", "--json");
    expect(JSON.parse((await forget).stdout).deleted).toBe(3);
  });
});
