import { readdirSync, readFileSync } from "node:fs";
import { basename, extname, relative, join } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import { schemaError, yamlError } from "./content-errors.js";
import { dataSchemas } from "./data-schemas.js";
import { checkReferences } from "./data-references.js";
import { checkPhotos } from "./photos.js";

/** The folder of the YAML data files. */
export const DATA_DIR = fileURLToPath(new URL("../_data/", import.meta.url));

/**
 * Parses and validates one YAML data file (Eleventy's data-extension parser signature); throws a
 * ContentError naming the file, each bad entry by its name and each field by its label in the CMS.
 * @param {string} contents
 * @param {string} filePath
 */
export function parseDataFile(contents, filePath) {
  const name = basename(filePath, extname(filePath));
  const shown = relative(process.cwd(), filePath) || filePath;
  const schema = dataSchemas[/** @type {keyof typeof dataSchemas} */ (name)];
  if (!schema) throw new Error(`${shown}: no schema for data file "${name}" in site/_lib/data-schemas.js`);
  let raw;
  try {
    raw = YAML.parse(contents);
  } catch (error) {
    throw yamlError(shown, error);
  }
  // With each issue's input, so a wrong value is told apart from a missing one.
  const result = schema.safeParse(raw, { reportInput: true });
  if (result.success) return withEnvironment(name, result.data);
  throw schemaError(shown, name, schema, result.error.issues, raw);
}

/**
 * The one setting a build may take from the environment: SITE_BACKEND_URL points the forms and the CSP
 * at another backend (`npm start` uses the local functions on http://127.0.0.1:54321).
 * @template T
 * @param {string} name
 * @param {T} data the validated file
 * @returns {T}
 */
function withEnvironment(name, data) {
  if (name !== "business" || !process.env.SITE_BACKEND_URL) return data;
  const business = /** @type {import("./data-types.js").Business} */ (data);
  return /** @type {T} */ ({ ...business, backend: { ...business.backend, url: process.env.SITE_BACKEND_URL.replace(/\/+$/, "") } });
}

/**
 * Loads `site/_data/<name>.yaml` the way the build does (for tests and scripts); typed by its schema
 * when the name is known here.
 * @template {keyof typeof dataSchemas} Name
 * @overload
 * @param {Name} name
 * @returns {import("zod").output<(typeof dataSchemas)[Name]>}
 */
/**
 * @overload
 * @param {string} name
 * @returns {unknown}
 */
/**
 * @param {string} name
 * @returns {unknown}
 */
export function loadData(name) {
  const filePath = join(DATA_DIR, `${name}.yaml`);
  return parseDataFile(readFileSync(filePath, "utf8"), filePath);
}

/**
 * Checks the firm's content as the build will read it, before anything is built: every data file, and
 * every photo slot against the photo folder, and what one file names in another (site/_lib/data-references.js). Returns the errors (ContentErrors for the firm's mistakes).
 * @param {string} [dataDir]
 * @returns {Error[]}
 */
export function checkContent(dataDir = DATA_DIR) {
  const errors = [];
  /** @type {Record<string, unknown>} */
  const data = {};
  for (const file of readdirSync(dataDir).filter((name) => name.endsWith(".yaml"))) {
    const filePath = join(dataDir, file);
    try {
      data[basename(file, ".yaml")] = parseDataFile(readFileSync(filePath, "utf8"), filePath);
    } catch (error) {
      errors.push(/** @type {Error} */ (error));
    }
  }
  if (data.photos) {
    try {
      checkPhotos(/** @type {import("./data-types.js").Photos} */ (data.photos)); // parsed by its schema above
    } catch (error) {
      errors.push(/** @type {Error} */ (error));
    }
  }
  errors.push(...checkReferences(data));
  return errors;
}
