// Which pages may post: the site's own and registered partners'; CORS and Vary, and a partner credited
// only for requests from its own site.
import { expect } from "vitest";
import { PARTNER_ORIGIN, PHONE, SITE_URL } from "../../support/function.js";
import { concern, REGISTERED_PARTNER, VALID } from "../function-suite.js";

export default concern("origins and CORS", (h, it) => {
  const { post, rows } = h;

  it("credits a partner only for requests from that partner's own site", async () => {
    // From a page that is not the partner's: refused outright (403, see below), so never credited.
    expect((await post({ ...VALID, partnerId: "elportalen" }, { headers: { Origin: "https://evil.example" } })).status).toBe(403);
    await post({ ...VALID, partnerId: "elportalen", email: "b@example.dk" });
    await post({ ...VALID, partnerId: "ukendt", email: "c@example.dk" }, { headers: { Origin: REGISTERED_PARTNER } });
    expect((await rows()).map((row) => row.partner_id)).toEqual([null, null]);
  });

  it("refuses a post from another site's page with 403, for every content type, storing and mailing nothing", async () => {
    const forged = [
      post({ ...VALID }, { headers: { Origin: "https://evil.example" } }),
      post({ ...VALID }, { headers: { Origin: "null" } }),
      post({ ...VALID }, { headers: { Referer: "https://evil.example/side-med-skjult-formular" } }),
      fetch(h.functions.submitUrl, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", "X-Forwarded-For": "10.9.9.9" },
        body: new URLSearchParams(VALID).toString(),
      }),
      fetch(h.functions.submitUrl, {
        method: "POST",
        headers: { "Content-Type": "text/plain", Origin: "https://evil.example" },
        body: JSON.stringify(VALID),
      }),
    ];
    // The refusal is readable by the page that asked (not by an opaque "null" origin, nor without an
    // Origin) and carries only its cause.
    const readableBy = ["https://evil.example", null, null, "https://evil.example", "https://evil.example"];
    for (const [index, response] of (await Promise.all(forged)).entries()) {
      expect(response.status).toBe(403);
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("access-control-allow-origin")).toBe(readableBy[index]);
      expect(await response.json()).toEqual({
        code: "notRegistered",
        error: `Formularen er ikke sat op til denne side endnu, så vi kan ikke modtage din forespørgsel herfra. Ring til os på ${PHONE}, så hjælper vi dig.`,
        requestId: expect.any(String),
      });
    }
    expect(await rows()).toHaveLength(0);
    expect(await h.mailbox.all()).toHaveLength(0);
    // The site's own pages, a registered partner, and a server-side client that names no origin.
    const own = await fetch(h.functions.submitUrl, {
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
        answers.push(await fetch(h.functions.submitUrl, { method, headers: { ...headers, "Access-Control-Request-Method": "POST" } }));
    }
    expect(new Set(answers.map((response) => response.status))).toEqual(new Set([200, 204, 400, 403, 405]));
    for (const response of answers) expect(response.headers.get("vary"), `${response.status}`).toBe("Origin");
  });

  it(
    "answers every browser origin's preflight with that origin, never *, and lets a refused page read why",
    async () => {
      const preflight = (/** @type {string} */ origin) =>
        fetch(h.functions.submitUrl, { method: "OPTIONS", headers: { Origin: origin, "Access-Control-Request-Method": "POST" } });
      for (const origin of [SITE_URL, PARTNER_ORIGIN, "https://registered-partner.example"]) {
        const response = await preflight(origin);
        expect(response.headers.get("access-control-allow-origin"), origin).toBe(origin);
        expect(response.headers.get("access-control-allow-headers")).toContain("idempotency-key");
      }
      // CORS decides what a browser may read, not what is accepted: any page may read its refusal.
      const evil = await preflight("https://evil.example");
      expect(evil.headers.get("access-control-allow-origin")).toBe("https://evil.example");
      expect(evil.headers.get("access-control-allow-credentials")).toBeNull();
      expect((await preflight("null")).headers.get("access-control-allow-origin")).toBeNull();
      const post403 = await post({ ...VALID }, { headers: { Origin: "https://evil.example" } });
      expect(post403.headers.get("access-control-allow-origin")).toBe("https://evil.example");
      expect((await post403.json()).code).toBe("notRegistered");
    },
    { deno: true },
  );
});
