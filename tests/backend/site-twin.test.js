// Hosts serve a site on its apex and its www name alike; a visitor on the twin of SITE_URL, which the firm
// registers nowhere, must still get an answer: the widgets' preflight allowed, and the
// no-JavaScript form's post stored, not refused 403.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twinOrigin } from "../../supabase/functions/_shared/config.ts";
import { startPostgres15 } from "../support/databases.js";
import { SITE_URL, startBackend } from "../support/function.js";

describe("the www or apex twin of SITE_URL", () => {
  const twin = twinOrigin(new URL(SITE_URL).origin);
  let backend;
  beforeAll(async () => {
    backend = await startBackend(startPostgres15);
  });
  afterAll(() => backend?.stop());

  it("is the other name of the same site", () => {
    expect(new URL(twin).hostname.replace(/^www\./, "")).toBe(new URL(SITE_URL).hostname.replace(/^www\./, ""));
    expect(twin).not.toBe(new URL(SITE_URL).origin);
  });

  it("gets the widgets' preflight allowed", async () => {
    const answer = await fetch(backend.functions.submitUrl, {
      method: "OPTIONS",
      headers: { Origin: twin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
    });
    expect(answer.ok).toBe(true);
    expect(answer.headers.get("access-control-allow-origin")).toBe(twin);
  });

  it("gets the no-JavaScript form's request stored, not refused", async () => {
    const answer = await fetch(backend.functions.submitUrl, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: twin, "X-Forwarded-For": "10.7.0.1" },
      body: new URLSearchParams({
        name: "Jens Hansen",
        phone: "+45 12 34 56 78",
        email: "jens.hansen@example.dk",
        location: "Køge",
        message: "Vi skal have skiftet eltavlen i vores villa fra 1972.",
      }).toString(),
    });
    expect(answer.status).not.toBe(403);
    await backend.settled();
    expect(await backend.sql`select id from quote_requests`).toHaveLength(1);
  });
});
