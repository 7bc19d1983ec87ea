// A static server for dist/ that behaves like the production host: clean URLs without trailing slash
// (/ydelser/private serves ydelser/private.html), 404.html with status 404 for anything else, the
// headers of dist/_headers on every response, the build's .br/.gz files to clients that accept them
// (as nginx with brotli_static/gzip_static does), and ETag/Last-Modified with 304 answers.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { parseHeadersFile } from "../operator/verify-deploy/headers-file.js";
import { ENCODINGS } from "../site/_lib/precompress.js";
import { guarded } from "./local/request-target.js";

/** @type {Record<string, string>} */
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

/** The first of the build's encodings (br, then gzip) that an Accept-Encoding header allows, or null. */
export function chooseEncoding(acceptEncoding = "") {
  const accepted = new Map(
    acceptEncoding
      .split(",")
      .map((part) => part.trim().split(/\s*;\s*q=/))
      .filter(([name]) => name)
      .map(([name, q]) => [name.toLowerCase(), q === undefined ? 1 : Number(q)]),
  );
  const allows = (/** @type {string} */ name) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  return ENCODINGS.find(({ name }) => allows(name)) ?? null;
}

/**
 * The precompressed file for `file` in `encoding`, if the build wrote one.
 * @param {string} file
 * @param {(typeof ENCODINGS)[number] | null} encoding
 */
async function encodedFile(file, encoding) {
  if (!encoding) return null;
  const candidate = file + encoding.suffix;
  return (await isFile(candidate)) ? candidate : null;
}

const matches = (/** @type {string} */ pattern, /** @type {string} */ path) =>
  pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : pattern === path;

/** @param {string} path */
async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Maps a URL path to a file in `root`, or null: `/` to index.html, `/a/b` to a/b.html, files as they are.
 * @param {string} root
 * @param {string} urlPath
 */
export async function resolveFile(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null; // a malformed percent-escape names no file
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, "");
  if (relative.startsWith("..") || relative.includes(`${sep}..`)) return null;
  if (decoded === "/") return (await isFile(join(root, "index.html"))) ? join(root, "index.html") : null;
  if (decoded.endsWith("/") || relative.startsWith("_")) return null;
  const candidates = extname(relative) ? [relative] : [`${relative}.html`];
  for (const candidate of candidates) {
    const full = join(root, candidate);
    if (await isFile(full)) return full;
  }
  return null;
}

/**
 * An http.Server serving `root` (a built dist/ folder).
 * @param {string} root
 */
export async function createStaticServer(root) {
  const headerRules = parseHeadersFile(await readFile(join(root, "_headers"), "utf8"));
  return createServer(
    guarded(async (request, response, url) => {
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
      let file = await resolveFile(root, url.pathname);
      const status = file ? 200 : 404;
      // A missing file must not be remembered for a year under an immutable rule.
      if (!file) response.removeHeader("Cache-Control");
      file ??= join(root, "404.html");
      // A folder with no not-found page of its own (the bench's floor page) still answers, in plain text.
      if (status === 404 && !(await isFile(file))) {
        response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Siden findes ikke.");
        return;
      }
      /** @type {Record<string, string | number>} */
      const headers = { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" };
      // Every file the build compresses varies by Accept-Encoding, whichever variant this client gets.
      const encoding = chooseEncoding(request.headers["accept-encoding"]);
      const compressed = await encodedFile(file, encoding);
      if (await isFile(file + ENCODINGS[0].suffix)) headers.Vary = "Accept-Encoding";
      if (compressed && encoding) headers["Content-Encoding"] = encoding.name;
      const sent = compressed ?? file;
      const [body, { mtime }] = await Promise.all([readFile(sent), stat(sent)]);
      // A strong validator per representation: each encoding of a file has its own bytes, so its own tag.
      headers.ETag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
      headers["Last-Modified"] = mtime.toUTCString();
      if (status === 200 && request.headers["if-none-match"]?.split(/\s*,\s*/).includes(headers.ETag)) {
        const { "Content-Type": _type, "Content-Encoding": _encoding, ...validators } = headers;
        response.writeHead(304, validators).end();
        return;
      }
      headers["Content-Length"] = body.length;
      response.writeHead(status, headers);
      response.end(request.method === "HEAD" ? undefined : body);
    }),
  );
}
