// The firm's alert channel (ALERT_WEBHOOK_URL) for a test: a local HTTP server that keeps each JSON body.
import { createServer } from "node:http";
import { closeServer, listen } from "../../dev/local/servers.js";

/** Starts it on a free port; `alerts` holds every body received, in order. */
export async function startAlertWebhook() {
  /** @type {any[]} */
  const alerts = [];
  const server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      alerts.push(JSON.parse(text));
      response.writeHead(204).end();
    });
  });
  const port = await listen(server, 0, "127.0.0.1");
  return { url: `http://127.0.0.1:${port}/alert`, alerts, stop: () => closeServer(server) };
}
