// A static server for dist/ that behaves like the production host: clean URLs without trailing slash
// (/ydelser/private serves ydelser/private.html), 404.html with status 404 for anything else, and the
// headers of dist/_headers on every response.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpeg": "image/jpeg",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Parses a `_headers` file into rules of `{ pattern, headers }` (Netlify/Cloudflare Pages format).
 * @param {string} text
 * @returns {{ pattern: string, headers: Record<string, string> }[]}
 */
export function parseHeadersFile(text) {
  /** @type {{ pattern: string, headers: Record<string, string> }[]} */
  const rules = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
    } else if (rules.length > 0) {
      const colon = line.indexOf(":");
      rules[rules.length - 1].headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    }
  }
  return rules;
}

const matches = (pattern, path) => (pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : pattern === path);

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Maps a URL path to a file in `root`, or null: `/` to index.html, `/a/b` to a/b.html, files as they are. */
export async function resolveFile(root, urlPath) {
  const decoded = decodeURIComponent(urlPath);
  const relative = normalize(decoded).replace(/^([/\\])+/, "");
  if (relative.startsWith("..") || relative.includes(`${sep}..`)) return null;
  if (decoded === "/") return join(root, "index.html");
  if (decoded.endsWith("/") || relative.startsWith("_")) return null;
  const candidates = extname(relative) ? [relative] : [`${relative}.html`];
  for (const candidate of candidates) {
    const full = join(root, candidate);
    if (await isFile(full)) return full;
  }
  return null;
}

/** An http.Server serving `root` (a built dist/ folder). */
export async function createStaticServer(root) {
  const headerRules = parseHeadersFile(await readFile(join(root, "_headers"), "utf8"));
  return createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    for (const rule of headerRules) {
      if (matches(rule.pattern, url.pathname)) for (const [name, value] of Object.entries(rule.headers)) response.setHeader(name, value);
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    // Old links with .html or a trailing slash go to the one canonical address.
    const canonical = url.pathname
      .replace(/\.html$/, "")
      .replace(/(.)\/+$/, "$1")
      .replace(/^\/index$/, "/");
    if (canonical !== url.pathname && (await resolveFile(root, canonical))) {
      response.writeHead(301, { Location: canonical + url.search }).end();
      return;
    }
    let file;
    try {
      file = await resolveFile(root, url.pathname);
    } catch {
      file = null;
    }
    const status = file ? 200 : 404;
    file ??= join(root, "404.html");
    const body = await readFile(file);
    response.writeHead(status, {
      "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
      "Content-Length": body.length,
    });
    response.end(request.method === "HEAD" ? undefined : body);
  });
}
