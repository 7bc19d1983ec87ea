// The JavaScript a page costs, read from the built files: its module scripts and everything they import
// statically (loaded before the visitor does anything), and what dynamic imports add when islands wake.
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { NO_BYTES, addSizes, byteSizes } from "../../dev/bench/stats.js";

const STATIC_IMPORT = /(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g;

/**
 * The files `file` imports by `pattern`, as paths.
 * @param {string} file
 * @param {RegExp} pattern
 */
const imports = (file, pattern) => [...readFileSync(file, "utf8").matchAll(pattern)].map((match) => join(dirname(file), match[1]));

/**
 * Every file `entries` load: statically only, or also through dynamic imports (`wake: true`).
 * @param {string[]} entries
 * @param {{ wake?: boolean }} [options]
 */
export function moduleGraph(entries, { wake = false } = {}) {
  /** @type {Set<string>} */
  const seen = new Set();
  const visit = (/** @type {string} */ file) => {
    if (seen.has(file)) return;
    seen.add(file);
    imports(file, STATIC_IMPORT).forEach(visit);
    if (wake) imports(file, DYNAMIC_IMPORT).forEach(visit);
  };
  entries.forEach(visit);
  return [...seen];
}

/** Raw, gzip (-9) and brotli (quality 11) bytes of files, each compressed on its own as a server sends it. */
export const sizes = (/** @type {string[]} */ files) => files.map((file) => byteSizes(readFileSync(file))).reduce(addSizes, NO_BYTES);

/**
 * Names relative to `root`, for messages.
 * @param {string[]} files
 * @param {string} root
 */
export const names = (files, root) => files.map((file) => relative(root, file));
