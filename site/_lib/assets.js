// The files of site/assets/ (logo, small page scripts), published under content-hashed names
// (`/assets/logo.<hash>.svg`) so the immutable cache rule for /assets/ can never serve a stale copy.
// Templates keep writing the plain path (`/assets/logo.svg`); the hashed-assets transform rewrites it.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = fileURLToPath(new URL("../assets/", import.meta.url));

/**
 * `name.ext` with the first 10 hex digits of the content's SHA-256 before the extension.
 * @param {string} name
 * @param {string | Buffer} bytes
 */
export function hashedName(name, bytes) {
  const extension = extname(name);
  return `${name.slice(0, -extension.length)}.${createHash("sha256").update(bytes).digest("hex").slice(0, 10)}${extension}`;
}

/** Reads site/assets/: `[{ path: "/assets/logo.svg", hashedPath: "/assets/logo.<hash>.svg", bytes }]`. */
export function readAssets(dir = SOURCE) {
  return readdirSync(dir).map((name) => {
    const bytes = readFileSync(join(dir, name));
    return { path: `/assets/${name}`, hashedPath: `/assets/${hashedName(name, bytes)}`, bytes };
  });
}

/**
 * Writes every asset under its hashed name into `outputDir`/assets/.
 * @param {string} outputDir
 */
export async function writeAssets(outputDir, assets = readAssets()) {
  await mkdir(join(outputDir, "assets"), { recursive: true });
  await Promise.all(assets.map(({ hashedPath, bytes }) => writeFile(join(outputDir, hashedPath), bytes)));
}

/** @type {Record<string, string>} */
const MEDIA_TYPES = { ".svg": "image/svg+xml" };

/**
 * A file of site/assets/ as a data: URL, for the favicon: browsers fetch the icon at the load event,
 * often before the first paint, and on a slow phone connection that request delayed it.
 * @param {string} path the asset's plain path, `/assets/logo.svg`
 */
export function assetDataUrl(path, assets = readAssets()) {
  const asset = assets.find((candidate) => candidate.path === path);
  const type = MEDIA_TYPES[extname(path)];
  if (!asset || !type) throw new Error(`assetDataUrl: ${path} is not an SVG file of site/assets/`);
  // Only what a URL or the attribute cannot hold is escaped; double quotes become single ones.
  const svg = asset.bytes.toString("utf8").trim().replaceAll('"', "'");
  return `data:${type},${svg.replace(/[<>#%\s]/g, encodeURIComponent)}`;
}
