// What the local servers (the static site, the function gateway, the mail inbox) make of a request's
// target: Node's parser passes on anything without a space ("*", "http://[::1", "//a%2fb"), and
// `new URL(target, base)` throws on some of it, which in a request handler stops the whole process.

/**
 * The request's URL for a target in origin form ("/path?query"); null for any other form or one that
 * does not parse, which the server answers with 400. "//a%2fb" is a path here, not a host.
 * @param {import("node:http").IncomingMessage} request
 * @returns {URL | null}
 */
export function requestUrl(request) {
  const target = request.url ?? "";
  if (!target.startsWith("/")) return null;
  try {
    return new URL(`http://localhost${target}`);
  } catch {
    return null;
  }
}

/**
 * Wraps a request handler so that nothing it throws or rejects with stops the server: the request is
 * answered 400 when its target is not a path, 500 when the handler failed, and the server keeps serving.
 * @param {(request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse, url: URL) => unknown} handler
 * @returns {(request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => Promise<void>}
 */
export function guarded(handler) {
  return async (request, response) => {
    const url = requestUrl(request);
    if (!url) {
      response.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end("Ugyldig forespørgsel.");
      return;
    }
    try {
      await handler(request, response, url);
    } catch (error) {
      console.error(`${request.method} ${url.pathname}: ${/** @type {Error} */ (error)?.message ?? error}`);
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      response.end();
    }
  };
}
