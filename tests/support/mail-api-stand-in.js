// A TEST DOUBLE of an HTTP e-mail API (Resend's `POST /emails`, https://resend.com/docs/api-reference):
// nothing on this machine speaks it, so the test runs a local server that answers as the API does
// (200 with an id, 401 for a wrong key, 422 for an address it refuses, 500 when it is "down") and keeps
// every e-mail it accepted. Never part of `npm start`.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { closeServer, listen } from "../../dev/local/servers.js";

/** Starts the stand-in; `emails` holds each accepted { body, idempotencyKey }. */
export async function startMailApiStandIn({ apiKey = "re_test_0123456789" } = {}) {
  /** @type {{ body: any, idempotencyKey: string | undefined }[]} */
  const emails = [];
  /** @type {Map<string, string>} */
  const idByKey = new Map();
  let refused = new Set();
  let failing = false;
  const answer = (/** @type {import("node:http").ServerResponse} */ response, /** @type {number} */ status, /** @type {unknown} */ body) =>
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  const server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/emails") return answer(response, 404, { statusCode: 404, name: "not_found" });
      if (request.headers.authorization !== `Bearer ${apiKey}`)
        return answer(response, 401, { statusCode: 401, name: "missing_api_key", message: "Missing API key" });
      if (failing) return answer(response, 500, { statusCode: 500, name: "application_error", message: "Internal server error" });
      const body = JSON.parse(text);
      const to = [body.to].flat();
      if (!body.from || !body.subject || to.length === 0)
        return answer(response, 422, { statusCode: 422, name: "validation_error", message: "Missing required field" });
      if (to.some((address) => refused.has(String(address).toLowerCase())))
        return answer(response, 422, { statusCode: 422, name: "validation_error", message: "Invalid `to` field" });
      const idempotencyKey = /** @type {string | undefined} */ (request.headers["idempotency-key"]);
      const known = idempotencyKey && idByKey.get(idempotencyKey);
      if (known) return answer(response, 200, { id: known });
      const id = randomUUID();
      if (idempotencyKey) idByKey.set(idempotencyKey, id);
      emails.push({ body, idempotencyKey });
      answer(response, 200, { id });
    });
  });
  const port = await listen(server, 0, "127.0.0.1");
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    emails,
    /** Answers 422 for mail to `address` from now on (a recipient the API will never take). */
    refuse: (/** @type {string} */ address) => refused.add(address.toLowerCase()),
    /** Answers 500 to every send from now on, or again normally. */
    failing: (on = true) => {
      failing = on;
    },
    clear() {
      emails.splice(0);
      refused = new Set();
      failing = false;
    },
    stop: () => closeServer(server),
  };
}
