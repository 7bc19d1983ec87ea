import { readFileSync } from "node:fs";
import { basename, extname, relative, join } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import { dataSchemas } from "./data-schemas.js";

/** The folder of the YAML data files. */
export const DATA_DIR = fileURLToPath(new URL("../_data/", import.meta.url));

/** Parses and validates one YAML data file (Eleventy's data-extension parser signature); throws naming the file and every bad field. */
export function parseDataFile(contents, filePath) {
  const name = basename(filePath, extname(filePath));
  const shown = relative(process.cwd(), filePath) || filePath;
  const schema = dataSchemas[name];
  if (!schema) throw new Error(`${shown}: no schema for data file "${name}" in site/_lib/data-schemas.js`);
  let raw;
  try {
    raw = YAML.parse(contents);
  } catch (error) {
    throw new Error(`${shown}: not valid YAML: ${/** @type {Error} */ (error).message}`);
  }
  const result = schema.safeParse(withCopies(name, raw));
  if (result.success) return withEnvironment(name, result.data);
  const problems = result.error.issues.map((issue) => `  - ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  throw new Error(`${shown}: invalid data\n${problems.join("\n")}`);
}

/**
 * For `npm run bench` only: SITE_AREA_COPIES=n repeats the areas n times under numbered names
 * ("Køge 2" …), to measure how the build grows with the number of pages.
 */
function withCopies(name, raw) {
  const copies = Number(process.env.SITE_AREA_COPIES ?? 1);
  if (name !== "areas" || !(copies > 1) || !Array.isArray(raw)) return raw;
  return Array.from({ length: copies }, (_, copy) =>
    raw.map((area) => (copy ? { ...area, name: `${area.name} ${copy + 1}` } : area)),
  ).flat();
}

/**
 * The one setting a build may take from the environment: SITE_BACKEND_URL points the forms and the CSP
 * at another backend (`npm start` uses the local functions on http://127.0.0.1:54321).
 */
function withEnvironment(name, data) {
  if (name !== "business" || !process.env.SITE_BACKEND_URL) return data;
  return { ...data, backend: { ...data.backend, url: process.env.SITE_BACKEND_URL.replace(/\/+$/, "") } };
}

/** Loads `site/_data/<name>.yaml` the way the build does (for tests and scripts). */
export function loadData(name) {
  const filePath = join(DATA_DIR, `${name}.yaml`);
  return parseDataFile(readFileSync(filePath, "utf8"), filePath);
}
