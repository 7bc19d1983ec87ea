// A small HTTP forward proxy for the engines driven over WebDriver (Firefox, WebKit). It is how those
// browsers reach the partner's page at http://partner.test:PORT (an origin that is neither secure nor
// loopback, like a real partner on plain http), and it can do what classic WebDriver cannot: make the
// backend unreachable for one journey, list every request, and put the console collector first in
// every page. It only ever connects to 127.0.0.1.
import { createServer, request as httpRequest } from "node:http";
import { listen } from "../../dev/local/servers.js";
import { COLLECTOR_PATH, COLLECTOR_SCRIPT, withCollector } from "./browser-collector.js";

/**
 * Starts the proxy on a free loopback port. `hosts` maps a host name (such as "partner.test") to a
 * loopback port's host; `injectCollector` adds the collector script to every HTML page it relays.
 */
export async function startBrowserProxy({ hosts = /** @type {Record<string, string>} */ ({}), injectCollector = false } = {}) {
  /** @type {Set<string>} origins the proxy cuts off */
  const refused = new Set();
  /** @type {{ method?: string, url: string, status: number | null }[]} */
  const requests = [];
  // A script run after the collector, before the page's own (the WebKit tab's clock).
  let pageScript = "";
  const server = createServer((request, response) => {
    let target;
    try {
      target = new URL(request.url ?? "");
    } catch {
      return response.writeHead(400).end();
    }
    const host = hosts[target.hostname] ?? (target.hostname === "127.0.0.1" || target.hostname === "localhost" ? "127.0.0.1" : null);
    if (!host) return response.writeHead(502).end(); // the tests talk to 127.0.0.1 only
    /** @type {{ method?: string, url: string, status: number | null }} */
    const entry = { method: request.method, url: target.href, status: null };
    requests.push(entry);
    // An unreachable backend: the connection drops before any answer, as when the network is gone.
    if (refused.has(target.origin)) return request.socket.destroy();
    if (injectCollector && target.pathname === COLLECTOR_PATH) {
      return response
        .writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" })
        .end(`${COLLECTOR_SCRIPT}\n${pageScript}`);
    }
    /** @type {import("node:http").OutgoingHttpHeaders} */
    const headers = { ...request.headers, host: target.host };
    delete headers["proxy-connection"];
    if (injectCollector) delete headers["accept-encoding"]; // so HTML arrives as text the proxy can edit
    const upstream = httpRequest(
      { host, port: target.port || 80, method: request.method, path: target.pathname + target.search, headers },
      (answer) => {
        entry.status = answer.statusCode ?? null;
        const html = injectCollector && /^text\/html/.test(answer.headers["content-type"] ?? "");
        if (!html) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          return answer.pipe(response);
        }
        /** @type {Buffer[]} */
        const chunks = [];
        answer.on("data", (/** @type {Buffer} */ chunk) => chunks.push(chunk));
        answer.on("end", () => {
          const body = withCollector(Buffer.concat(chunks).toString("utf8"));
          const { "content-length": _length, ...rest } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, { ...rest, "content-length": Buffer.byteLength(body) }).end(body);
        });
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  const port = await listen(server, 0, "127.0.0.1");
  return {
    address: `127.0.0.1:${port}`,
    /** Every request relayed so far, oldest first. */
    requests,
    /** Makes `origin` unreachable until `allow(origin)`. */
    refuse: (/** @type {string} */ origin) => refused.add(origin),
    allow: (/** @type {string} */ origin) => refused.delete(origin),
    /** Runs `script` in every page after the collector, until set again ("" for none). */
    setPageScript: (/** @type {string} */ script) => {
      pageScript = script;
    },
    stop: () =>
      new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
