// What keeps bots out without bothering a person: the honeypot field and the fill time.
import { expect } from "vitest";
import { PHONE, SITE_URL } from "../../support/function.js";
import { concern, REGISTERED_PARTNER, VALID } from "../function-suite.js";

export default concern("spam rules", (h, it) => {
  const { post, postForm, rows } = h;

  it("drops a request whose honeypot field is filled, without telling the bot", async () => {
    const response = await post({ ...VALID, website: "https://spam.example" });
    expect(response.status).toBe(200);
    expect(await rows()).toHaveLength(0);
    expect(await h.mailbox.all()).toHaveLength(0);
    const form = await postForm({ ...VALID, website: "spam" });
    expect(form.headers.get("location")).toBe(`${SITE_URL}/kontakt/tak`);
    expect(await rows()).toHaveLength(0);
  });

  it("logs a lead dropped by the honeypot with the partner page it came through, so a page that fills it shows", async () => {
    const from = { headers: { Origin: REGISTERED_PARTNER } };
    expect((await post({ ...VALID, partnerId: "elportalen", website: "udfyldt af siden" }, from)).status).toBe(200);
    const dropped = h
      .logLines()
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
    expect(await h.mailbox.all()).toHaveLength(0);
    // What a person's browser sends: the field empty, or not at all.
    expect((await post({ ...VALID, website: "" })).status).toBe(200);
    expect((await post({ ...VALID, website: null })).status).toBe(200);
    expect(await rows()).toHaveLength(2);
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
});
