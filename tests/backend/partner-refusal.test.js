// A partner's set-up mistake says what it is. Before, a page that was not registered (or registered as
// http://127.0.0.1:9099 and opened as http://localhost:9099) failed the preflight, so its visitor read
// "could not connect" and its developer got a status of null. Now any origin's preflight is answered,
// the origin check still refuses the post before reading it, and the refusal is readable and carries
// only its cause; a GET ?check tells a partner whether its page is set up, storing nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import answerMessages from "../../supabase/functions/_shared/answer-messages.json" with { type: "json" };
import { startPostgres15 } from "../support/databases.js";
import { PHONE, startBackend } from "../support/function.js";
import { PARTNER_LEAD as LEAD, registerPartner } from "../support/partners-command.js";

const REGISTERED = "http://127.0.0.1:9099";
const MISTYPED = "http://localhost:9099";
const STRANGER = "https://fremmed.example";

describe("a page that is not registered, under Deno against PostgreSQL 15", () => {
  /** @type {Awaited<ReturnType<typeof startBackend>>} */
  let backend;
  beforeAll(async () => {
    backend = await startBackend(
      async () => {
        const database = await startPostgres15();
        await registerPartner(database.url, { id: "byportalen", name: "Byportalen", origin: REGISTERED });
        return database;
      },
      { runtime: "deno" },
    );
  }, 60_000);
  afterAll(() => backend?.stop());

  const post = (/** @type {string} */ origin, /** @type {string} */ body = JSON.stringify(LEAD)) =>
    fetch(backend.functions.submitUrl, { method: "POST", headers: { "Content-Type": "application/json", Origin: origin }, body });
  const check = (/** @type {Record<string, string>} */ headers, partner = "byportalen") =>
    fetch(`${backend.functions.submitUrl}?check&partner=${partner}`, { headers });
  const nothingStored = async () => {
    expect(await backend.sql`select id from quote_requests`).toHaveLength(0);
    expect(await backend.mailbox.all()).toHaveLength(0);
  };

  it("gets its preflight answered, granting nothing but reading the answer", async () => {
    for (const origin of [STRANGER, MISTYPED, REGISTERED]) {
      const answer = await fetch(backend.functions.submitUrl, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type, idempotency-key",
        },
      });
      expect(answer.status, origin).toBe(204);
      expect(answer.headers.get("access-control-allow-origin"), origin).toBe(origin);
      expect(answer.headers.get("access-control-allow-credentials"), origin).toBeNull();
      expect(answer.headers.get("vary")).toBe("Origin");
    }
    // An opaque origin (a sandboxed frame, a file) is not echoed: "null" would match every such page.
    const opaque = await fetch(backend.functions.submitUrl, { method: "OPTIONS", headers: { Origin: "null" } });
    expect(opaque.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("gets its post refused before the body is read, readably, with its cause and nothing else", async () => {
    for (const [origin, body] of [
      [STRANGER, JSON.stringify(LEAD)],
      [MISTYPED, JSON.stringify(LEAD)],
      // A body the function would refuse as 400 or 413 if it read it: the origin is judged first.
      [STRANGER, "{ not json"],
      [STRANGER, JSON.stringify({ ...LEAD, message: "x".repeat(20_000) })],
    ]) {
      const answer = await post(origin, body);
      expect(answer.status, origin).toBe(403);
      expect(answer.headers.get("access-control-allow-origin")).toBe(origin);
      const refusal = await answer.json();
      expect(Object.keys(refusal).sort()).toEqual(["code", "error", "requestId"]);
      expect(refusal).toMatchObject({ code: "notRegistered", error: answerMessages.notRegistered.replace("{phone}", PHONE) });
      expect(refusal.error).toMatch(/^Formularen er ikke sat op til denne side.*Ring til os på/);
    }
    await nothingStored();
    expect(backend.functions.output.join("")).toContain(`"reason":"notRegistered","origin":"${MISTYPED}"`);
  });

  it("tells a partner's check whether its page is set up and whose leads it credits, storing nothing", async () => {
    const registered = await check({ Origin: REGISTERED });
    expect(registered.status).toBe(200);
    expect(registered.headers.get("access-control-allow-origin")).toBe(REGISTERED);
    expect(await registered.json()).toEqual({
      code: "registered",
      partner: "byportalen",
      message: `<elektriker-tilbud check> ${REGISTERED} er registreret: formularen kan sende herfra, og forespørgslerne krediteres partner-id'et byportalen.`,
    });
    const wrongId = await (await check({ Origin: REGISTERED }, "byportal")).json();
    expect(wrongId).toMatchObject({
      code: "registered",
      partner: null,
      message: expect.stringContaining('partner-id\'et "byportal" hører ikke til den'),
    });
    const mistyped = await check({ Origin: MISTYPED });
    expect(mistyped.status).toBe(403);
    expect(await mistyped.json()).toEqual({
      code: "notRegistered",
      message: `<elektriker-tilbud check> ${MISTYPED} er ikke registreret hos os, så formularen kan ikke sende herfra. Send os præcis denne adresse, så registrerer vi den.`,
    });
    expect((await check({})).status).toBe(400);
    // Only a check: a GET without it is still refused as a method.
    expect((await fetch(backend.functions.submitUrl, { headers: { Origin: REGISTERED } })).status).toBe(405);
    await nothingStored();
  });

  it("still takes the registered page's lead and credits it", async () => {
    const answer = await post(REGISTERED);
    expect(answer.status).toBe(200);
    const { id } = await answer.json();
    expect((await backend.sql`select partner_id from quote_requests where id = ${id}`)[0].partner_id).toBe("byportalen");
  });
});
