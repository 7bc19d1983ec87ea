// The widget build (`npm run build:widgets`), skipped when nothing it reads has changed since the last
// one in the same folder: a warm `npm run build` then costs only the site build. What it reads is kept
// broad (the widgets, the shared quote rules, the site's data, styles and build libraries, the Vite
// config, the lockfile, and the backend URL the facts are built with), so a change anywhere there
// rebuilds; `--force` (or WIDGETS_FORCE_BUILD=1) always builds.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { WIDGETS_OUTPUT_DIR } from "../site/_lib/build-paths.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const INPUTS = [
  "widgets",
  "supabase/functions/_shared",
  "site/_data",
  "site/styles",
  "site/_lib",
  "vite.widgets.config.ts",
  "package-lock.json",
];
const STAMP = join(WIDGETS_OUTPUT_DIR, "inputs.sha256");

/** Every file under `path` (or `path` itself), relative to the project. */
function filesOf(/** @type {string} */ path) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .map((name) => relative(ROOT, join(full, name)))
    .filter((name) => statSync(join(ROOT, name)).isFile())
    .sort();
}

/** A hash of everything the widget build reads. */
export function widgetInputsHash() {
  const hash = createHash("sha256");
  hash.update(`SITE_BACKEND_URL=${process.env.SITE_BACKEND_URL ?? ""}\n`);
  for (const file of INPUTS.flatMap(filesOf)) hash.update(`${file}\n`).update(readFileSync(join(ROOT, file)));
  return hash.digest("hex");
}

/**
 * Builds the widgets into WIDGETS_OUTPUT_DIR unless the last build there had the same inputs.
 * @param {{ force?: boolean }} [options]
 * @returns {"built" | "unchanged"}
 */
export function buildWidgets({ force = false } = {}) {
  const inputs = widgetInputsHash();
  const built = existsSync(join(WIDGETS_OUTPUT_DIR, "ssr")) && existsSync(join(WIDGETS_OUTPUT_DIR, "public"));
  if (!force && built && existsSync(STAMP) && readFileSync(STAMP, "utf8") === inputs) return "unchanged";
  const run = spawnSync(process.execPath, [join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--config", "vite.widgets.config.ts"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (run.status !== 0) throw new Error("the widget build failed");
  writeFileSync(STAMP, inputs);
  return "built";
}
