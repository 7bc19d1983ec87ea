// A TEST DOUBLE of GitHub for the CMS's sign-in: nothing on this machine is GitHub, so the test runs a
// local server that answers as GitHub's OAuth web flow does (https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps):
// - `GET /login/oauth/authorize?client_id&scope&state`: the owner "agrees" at once, and is sent to the
//   OAuth app's registered callback URL with a one-time `code` and the `state` unchanged;
// - `POST /login/oauth/access_token` (client_id, client_secret, code): the token as JSON, or GitHub's
//   error codes (`incorrect_client_credentials`, `bad_verification_code`) with status 200, as GitHub does;
// - the few REST calls the CMS makes on signing in (`GET /user`, `GET /repos/:owner/:repo`), with CORS,
//   each recorded with the token it came with.
// It also serves an empty page at `/`: a page of another origin than the site's. Never part of `npm start`.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { closeServer, listen } from "../../dev/local/servers.js";

/**
 * @param {{ clientId: string, clientSecret: string }} app the OAuth app's credentials
 */
export async function startGitHubStandIn({ clientId, clientSecret }) {
  /** The OAuth app's registered callback URL (the cms-auth function), set once it runs. */
  let callbackUrl = "";
  /** @type {Map<string, string>} code → token, each code usable once */
  const codes = new Map();
  /** The tokens handed out, and every token exchange and API call as it came. */
  const tokens = /** @type {string[]} */ ([]);
  const exchanges = /** @type {{ code: string }[]} */ ([]);
  const apiCalls = /** @type {{ path: string, authorization: string | undefined }[]} */ ([]);
  const json = (/** @type {import("node:http").ServerResponse} */ response, /** @type {number} */ status, /** @type {unknown} */ body) =>
    response.writeHead(status, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" }).end(JSON.stringify(body));

  const server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      if (request.method === "OPTIONS")
        return response
          .writeHead(204, {
            "Access-Control-Allow-Origin": "*",
            "Access-Control-Allow-Headers": "authorization, content-type",
            "Access-Control-Allow-Methods": "GET, POST",
          })
          .end();
      if (request.method === "GET" && url.pathname === "/")
        return response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end("<!doctype html><title>En anden side</title>");
      if (request.method === "GET" && url.pathname === "/login/oauth/authorize") {
        if (url.searchParams.get("client_id") !== clientId) return json(response, 404, { error: "unknown client" });
        const code = randomBytes(10).toString("hex");
        codes.set(code, `gho_${randomBytes(18).toString("hex")}`);
        const back = new URL(callbackUrl);
        back.searchParams.set("code", code);
        back.searchParams.set("state", url.searchParams.get("state") ?? "");
        return response.writeHead(302, { Location: back.href }).end();
      }
      if (request.method === "POST" && url.pathname === "/login/oauth/access_token") {
        const form = new URLSearchParams(text);
        const code = form.get("code") ?? "";
        exchanges.push({ code });
        if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret)
          return json(response, 200, { error: "incorrect_client_credentials" });
        const token = codes.get(code);
        codes.delete(code);
        if (!token) return json(response, 200, { error: "bad_verification_code" });
        tokens.push(token);
        return json(response, 200, { access_token: token, token_type: "bearer", scope: "repo" });
      }
      apiCalls.push({ path: url.pathname, authorization: request.headers.authorization });
      if (url.pathname === "/user") return json(response, 200, { login: "ejeren", name: "Ejeren", avatar_url: "" });
      if (/^\/repos\/[^/]+\/[^/]+$/.test(url.pathname)) return json(response, 200, { permissions: { push: true } });
      return json(response, 404, { message: "Not Found" });
    });
  });
  const port = await listen(server, 0, "127.0.0.1");
  return {
    url: `http://127.0.0.1:${port}`,
    /** @param {string} url */
    setCallbackUrl: (url) => {
      callbackUrl = url;
    },
    tokens,
    exchanges,
    apiCalls,
    stop: () => closeServer(server),
  };
}
