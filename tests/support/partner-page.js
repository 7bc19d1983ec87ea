// A partner's page on another origin, for the embed's browser tests: a strict CSP, and CSS that
// resets everything it can reach.
import { createServer } from "node:http";
import { closeServer, listen } from "../../dev/local/servers.js";

export const HOSTILE_CSS = `
* { margin: 0 !important; padding: 0 !important; box-sizing: content-box !important; font-family: "Comic Sans MS", cursive !important;
    color: rgb(255, 0, 0) !important; line-height: 3 !important; letter-spacing: 2px !important; text-transform: uppercase !important; }
input, textarea, select, button { all: unset !important; display: inline !important; width: 10px !important; height: 10px !important;
    background: rgb(0, 0, 0) !important; border: 5px solid rgb(255, 0, 255) !important; opacity: 0.3 !important; }
button { visibility: hidden !important; }
h2, p, label, span, a { font-size: 40px !important; }
:root { --elektriker-accent: rgb(0, 128, 0); --elektriker-accent-text: rgb(255, 255, 255); }`;

/** The partner's theme, on :root so that the notices follow it too. */
export const THEME = {
  "--elektriker-text": "rgb(40, 40, 72)",
  "--elektriker-heading": "rgb(96, 0, 0)",
  "--elektriker-background": "rgb(255, 250, 235)",
  "--elektriker-link": "rgb(128, 0, 96)",
  "--elektriker-focus": "rgb(0, 96, 128)",
};

/** A partner page's own font size on every element, and its theme (served at /themed). */
export const THEMED_CSS = `* { font-size: 30px !important; }
:root { ${Object.entries(THEME)
  .map(([name, value]) => `${name}: ${value};`)
  .join(" ")} }`;

/**
 * The partner's page with the embed; `check` gives the element the attribute of that name (a set-up
 * check's console line), `themed` adds the partner's font size and theme (THEMED_CSS).
 * @param {string} embedUrl
 * @param {string} apiUrl
 * @param {{ twice?: boolean, partnerId?: string, check?: boolean, themed?: boolean }} [options]
 */
export const partnerPage = (
  embedUrl,
  apiUrl,
  { twice = false, partnerId = "byportalen", check = false, themed = false } = {},
) => `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><title>Byportalen</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src ${new URL(embedUrl).origin}; connect-src ${apiUrl}; style-src 'self'; img-src 'self'">
<link rel="stylesheet" href="/hostile.css">${themed ? '<link rel="stylesheet" href="/themed.css">' : ""}</head>
<body><main><h1>Find en elektriker</h1><p id="own">Byportalens egen tekst.</p><button id="own-button" type="button">Byportalens knap</button>
<elektriker-tilbud partner="${partnerId}" location="Køge"${check ? " check" : ""}></elektriker-tilbud></main>
<script type="module" src="${embedUrl}"></script>${twice ? `<script type="module" src="${embedUrl}?again"></script>` : ""}
</body></html>`;

/**
 * Serves the partner's page (at /, at /twice with the script loaded twice, at /check with the
 * element's `check` attribute, at /themed with the partner's font size and theme) on a free loopback
 * port; `embed(host)` gives the embed's and the backend's URLs once the site is up (so the port can be
 * registered before the site starts), and the partner id for the host name the page was asked by.
 * @param {(host: string) => { embedUrl: string, apiUrl: string, partnerId?: string }} embed
 */
export async function startPartnerServer(embed) {
  const server = createServer((request, response) => {
    if (request.url === "/hostile.css") return response.writeHead(200, { "Content-Type": "text/css" }).end(HOSTILE_CSS);
    if (request.url === "/themed.css") return response.writeHead(200, { "Content-Type": "text/css" }).end(THEMED_CSS);
    if (request.url === "/favicon.ico") return response.writeHead(204).end(); // browsers ask for one; the partner has none
    if (!["/", "/twice", "/check", "/themed"].includes(request.url ?? "")) return response.writeHead(404).end();
    const { embedUrl, apiUrl, partnerId } = embed(request.headers.host ?? "");
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(
      partnerPage(embedUrl, apiUrl, {
        twice: request.url === "/twice",
        partnerId,
        check: request.url === "/check",
        themed: request.url === "/themed",
      }),
    );
  });
  return { port: await listen(server, 0, "127.0.0.1"), stop: () => closeServer(server) };
}
