// A STAND-IN for GatewayAPI's REST API (`POST /rest/mtsms`, https://gatewayapi.com/docs/apis/rest), the
// SMS provider of the firm's SMS about each lead: nothing on this machine speaks it, so `npm start` and
// the backend tests run this small server in its place. It checks each request as the real API would
// take it (method, path, `Authorization: Token …`, a JSON body {sender, message, recipients: [{msisdn}]})
// and what the function promises on top (the message is one SMS: at most 160 GSM-7 septets), answers as
// the API does (200 with message ids; 401, 415 or 422 with GatewayAPI's {code, message} error), and keeps
// every SMS it accepted, in memory and, with `dir`, as a JSON file the local inbox page lists.
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { gsm7Length, SMS_SEPTETS } from "../../supabase/functions/_shared/gsm7.js";
import { closeServer, listen } from "./servers.js";

/** The API token of local runs: obviously not a real one. */
export const LOCAL_SMS_TOKEN = "local-stand-in-token";

/**
 * @typedef {{ at: string, sender: string, message: string, recipients: string[] }} StandInSms
 * @typedef {"fail" | "busy" | "refuse" | "hang"} StandInPlan 500, 429, 400 (a number it will not send to), no answer
 */

/**
 * What is wrong with a request body as GatewayAPI takes it (and as the function promises it), or null.
 * @param {any} body
 */
function problemOf(body) {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "the body is not one message object";
  if (typeof body.sender !== "string" || !/^(?=.*[A-Za-z])[A-Za-z0-9 .-]{1,11}$|^\d{1,15}$/.test(body.sender))
    return "sender must be up to 11 letters and digits, or up to 15 digits";
  if (typeof body.message !== "string" || body.message === "") return "message is required";
  const septets = gsm7Length(body.message);
  if (septets === null) return "message has a character outside GSM-7: it would be sent as UCS-2";
  if (septets > SMS_SEPTETS) return `message is ${septets} septets: more than one SMS`;
  if (!Array.isArray(body.recipients) || body.recipients.length === 0) return "recipients must be a non-empty list";
  for (const recipient of body.recipients) {
    const msisdn = recipient?.msisdn;
    if (
      !((Number.isInteger(msisdn) && msisdn > 0) || (typeof msisdn === "string" && /^\d+$/.test(msisdn))) ||
      !/^\d{8,15}$/.test(String(msisdn))
    )
      return "each recipient must be {msisdn}: the number with its country code, digits only";
  }
  return null;
}

/**
 * Starts the stand-in on `port` (0: a free one) expecting `token`.
 * @param {{ token?: string, port?: number, dir?: string, onSms?: (sms: StandInSms) => void }} [options]
 */
export async function startSmsStandIn({ token = LOCAL_SMS_TOKEN, port = 0, dir, onSms } = {}) {
  if (dir) await mkdir(dir, { recursive: true });
  /** @type {StandInSms[]} */
  const messages = [];
  /** @type {string[]} requests it refused as malformed, with the reason (a test expects none) */
  const rejected = [];
  /** @type {StandInPlan[]} how the next requests are answered, one entry each; when none is left, 200 */
  const plan = [];
  /**
   * Requests held without an answer ("hang"); `open` until the client gives up on one (its connection closes).
   * @type {{ response: import("node:http").ServerResponse, accept: () => Promise<void>, open: boolean }[]}
   */
  const hung = [];
  let received = 0;
  let nextId = 1;
  let counter = 0;
  const answer = (/** @type {import("node:http").ServerResponse} */ response, /** @type {number} */ status, /** @type {unknown} */ body) =>
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  const refuse = (
    /** @type {import("node:http").ServerResponse} */ response,
    /** @type {number} */ status,
    /** @type {string} */ message,
  ) => {
    rejected.push(message);
    answer(response, status, { code: "0x0216", message: `stand-in: ${message}` });
  };
  const server = createServer((request, response) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (text += chunk));
    request.on("end", async () => {
      received++;
      if (new URL(request.url ?? "/", "http://stand-in").pathname !== "/rest/mtsms")
        return refuse(response, 404, `no such path ${request.url}`);
      if (request.method !== "POST") return refuse(response, 405, `method ${request.method}`);
      if (request.headers.authorization !== `Token ${token}`) return refuse(response, 401, "Authorization must be `Token <API token>`");
      if (!/^application\/json\b/.test(request.headers["content-type"] ?? ""))
        return refuse(response, 415, "Content-Type must be application/json");
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        return refuse(response, 422, "the body is not JSON");
      }
      const problem = problemOf(body);
      if (problem) return refuse(response, 422, problem);
      const next = plan.shift();
      if (next === "hang") {
        const held = { response, accept: () => accept(response, body), open: true };
        response.once("close", () => (held.open = false));
        return hung.push(held);
      }
      if (next === "fail") return answer(response, 500, { code: "0x0000", message: "stand-in: internal error" });
      if (next === "busy") return answer(response, 429, { code: "0x0000", message: "stand-in: too many requests" });
      if (next === "refuse") return answer(response, 400, { code: "0x0219", message: "stand-in: recipient refused" });
      await accept(response, body);
    });
  });
  /**
   * Keeps an SMS and answers as the API does: 200 with one message id per recipient.
   * @param {import("node:http").ServerResponse} response
   * @param {any} body
   */
  async function accept(response, body) {
    /** @type {StandInSms} */
    const sms = {
      at: new Date().toISOString(),
      sender: body.sender,
      message: body.message,
      recipients: body.recipients.map((/** @type {{ msisdn: number | string }} */ r) => String(r.msisdn)),
    };
    messages.push(sms);
    if (dir) await writeFile(join(dir, `${Date.now()}-${String(++counter).padStart(4, "0")}.json`), JSON.stringify(sms, null, 2));
    onSms?.(sms);
    const ids = sms.recipients.map(() => nextId++);
    answer(response, 200, { ids, usage: { countries: { DK: ids.length }, currency: "DKK", total_cost: 0 } });
  }
  const boundPort = await listen(server, port, "127.0.0.1");
  return {
    url: `http://127.0.0.1:${boundPort}/rest/mtsms`,
    token,
    messages,
    rejected,
    plan,
    hung,
    /** How many requests reached it, answered or not. */
    received: () => received,
    /** Answers the held requests at last, taking their SMS. */
    release: () => Promise.all(hung.splice(0).map((held) => held.accept())),
    /** Forgets what it received and what it was told (held requests are cut off). */
    clear() {
      messages.splice(0);
      rejected.splice(0);
      plan.splice(0);
      for (const held of hung.splice(0)) held.response.destroy();
      received = 0;
    },
    /** The function's SMS settings for this stand-in (supabase/functions/_shared/config.ts). */
    env: (/** @type {string} */ to = "12345678") => ({
      SMS_API_URL: `http://127.0.0.1:${boundPort}/rest/mtsms`,
      SMS_API_TOKEN: token,
      SMS_TO: to,
      SMS_FROM: "Hjemmeside",
    }),
    stop: async () => {
      for (const held of hung.splice(0)) held.response.destroy();
      await closeServer(server);
    },
  };
}
