// Serves a fetch-style handler (Request in, Response out), such as the Edge Functions' createHandler,
// from Node's HTTP server on a free loopback port: the backend tests then run the handlers in their own
// process, against a real database and SMTP server, with the same fetch calls as against Deno.
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { closeServer, listen } from "../../dev/local/servers.js";

/**
 * @param {(request: Request) => Promise<Response>} handler
 * @returns {Promise<{ port: number, stop: () => Promise<void> }>}
 */
export async function serveFetchHandler(handler) {
  const server = createServer(async (incoming, outgoing) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      for (const one of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, one);
    }
    const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
    const request = new Request(`http://127.0.0.1${incoming.url}`, {
      method: incoming.method,
      headers,
      body: hasBody ? /** @type {ReadableStream} */ (Readable.toWeb(incoming)) : undefined,
      // @ts-expect-error: Node's fetch needs "half" for a streamed request body; the DOM types lack it.
      duplex: "half",
    });
    const response = await handler(request);
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) Readable.fromWeb(/** @type {any} */ (response.body)).pipe(outgoing);
    else outgoing.end();
  });
  return { port: await listen(server, 0, "127.0.0.1"), stop: () => closeServer(server) };
}
