// The function's GatewayAPI client (supabase/functions/_shared/sms-gateway.ts) against the local stand-in
// of GatewayAPI's REST API (dev/local/sms-stand-in.js), and the stand-in's own checks: what it refuses is
// what the real API would not take, or what would not be one GSM-7 SMS, so the backend cases that expect
// nothing refused can fail.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmsStandIn } from "../../dev/local/sms-stand-in.js";
import { createSmsSender, SmsApiError } from "../../supabase/functions/_shared/sms-gateway.ts";

/** @type {Awaited<ReturnType<typeof startSmsStandIn>>} */
let standIn;
beforeAll(async () => {
  standIn = await startSmsStandIn();
});
afterAll(() => standIn?.stop());
beforeEach(() => standIn.clear());

const settings = () => ({
  apiUrl: standIn.url,
  token: standIn.token,
  from: "Eksempel El",
  to: ["4520304050", "4560708090"],
  dailyLimit: 50,
});

/** Posts `body` to the stand-in as a client would, with `headers` over the right ones. */
const post = (/** @type {unknown} */ body, /** @type {Record<string, string>} */ headers = {}, url = standIn.url) =>
  fetch(url, {
    method: "POST",
    headers: { Authorization: `Token ${standIn.token}`, "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const valid = { sender: "Eksempel El", message: "Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50", recipients: [{ msisdn: 4520304050 }] };

describe("the GatewayAPI client", () => {
  it("sends one message to every number, in the format the API takes", async () => {
    await createSmsSender(settings())("Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50");
    expect(standIn.rejected).toEqual([]);
    expect(standIn.messages).toEqual([
      {
        at: expect.any(String),
        sender: "Eksempel El",
        message: "Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50",
        recipients: ["4520304050", "4560708090"],
      },
    ]);
  });

  it("takes 5xx and 429 for a failure to retry, and any other 4xx for a refusal", async () => {
    const send = createSmsSender(settings());
    standIn.plan.push("fail", "busy", "refuse");
    for (const [code, permanent] of [
      ["HTTP_500", false],
      ["HTTP_429", false],
      ["HTTP_400", true],
    ]) {
      const error = await send("Ny forespørgsel").catch((caught) => caught);
      expect(error).toBeInstanceOf(SmsApiError);
      expect(error).toMatchObject({ code, permanent });
    }
    const wrongToken = await createSmsSender({ ...settings(), token: "not-the-token-0123" })("Ny").catch((caught) => caught);
    expect(wrongToken).toMatchObject({ code: "HTTP_401", permanent: true });
  });
});

describe("the stand-in of GatewayAPI", () => {
  it("answers a well-formed message with its ids", async () => {
    const response = await post(valid);
    expect(response.status).toBe(200);
    expect((await response.json()).ids).toEqual([expect.any(Number)]);
    expect(standIn.rejected).toEqual([]);
  });

  it("refuses what the API would not take: path, method, token scheme, content type, JSON shape", async () => {
    expect((await post(valid, {}, standIn.url.replace("/rest/mtsms", "/rest/sms"))).status).toBe(404);
    expect((await fetch(standIn.url, { headers: { Authorization: `Token ${standIn.token}` } })).status).toBe(405);
    expect((await post(valid, { Authorization: `Bearer ${standIn.token}` })).status).toBe(401);
    expect((await post(valid, { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(415);
    for (const body of [
      "not json",
      { ...valid, sender: "Eksempel El ApS" },
      { ...valid, message: "" },
      { ...valid, recipients: [] },
      { ...valid, recipients: [{ msisdn: "+45 20 30 40 50" }] },
      { ...valid, recipients: ["4520304050"] },
    ])
      expect((await post(body)).status, JSON.stringify(body)).toBe(422);
    expect(standIn.rejected).toHaveLength(10);
    expect(standIn.messages).toEqual([]);
  });

  it("refuses a message that would not be one GSM-7 SMS: a character that makes it UCS-2, or over 160 septets", async () => {
    expect((await post({ ...valid, message: "Ny forespørgsel: Zoë – Køge" })).status).toBe(422);
    expect((await post({ ...valid, message: "x".repeat(161) })).status).toBe(422);
    expect((await post({ ...valid, message: `${"x".repeat(159)}€` })).status).toBe(422);
    expect((await post({ ...valid, message: "x".repeat(160) })).status).toBe(200);
    expect(standIn.rejected).toEqual([
      expect.stringContaining("outside GSM-7"),
      expect.stringContaining("161 septets"),
      expect.stringContaining("161 septets"),
    ]);
  });
});
