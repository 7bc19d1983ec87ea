// The configuration of the firm's CMS at /admin (Decap CMS, https://decapcms.org/docs/configuration-options/),
// derived from the data files' zod schemas: the same files, the same Danish labels and hints, and the
// rules the CMS can check before it saves (required fields, patterns, number ranges, list lengths,
// choices), so it does not save what the build refuses.
import { dataSchemas, ENTRY_NAME, WEEKDAY_LABELS } from "./data-schemas.js";
import { rulesOf, wordsOf } from "./schema-walk.js";

/** Where the CMS's uploads go, and the path they are written into the data as. */
export const MEDIA = { folder: "site/images/photos", public: "/images/photos" };
/** The data files that hold a list at their root: the CMS edits them through the "yaml-list" format (site/admin/cms-init.js). */
export const LIST_FILES = ["areas", "services", "reviews", "jobs"];
/** The order of the CMS's collections. */
const FILES = ["business", "reviews", "areas", "photos", "services", "navigation", "prices", "jobs"];

const CHOICE_LABELS = WEEKDAY_LABELS;

/** One pattern from several (each anchored): all must match. */
const allOf = (/** @type {RegExp[]} */ patterns) =>
  patterns.length === 1 ? patterns[0].source : patterns.map((pattern) => `(?=${pattern.source})`).join("");

/**
 * The Decap field for one schema field.
 * @param {string} name
 * @param {any} schema
 * @param {string} [entryName] for a list of objects: the field that names each entry
 * @returns {Record<string, any>}
 */
export function cmsField(name, schema, entryName) {
  const words = wordsOf(schema) ?? {};
  const rules = rulesOf(schema);
  const field = {
    name,
    label: words.title ?? name,
    ...(words.description ? { hint: words.description } : {}),
    ...(rules.optional ? { required: false } : {}),
  };
  const def = rules.node._zod.def;
  if (rules.kind === "object") return { ...field, widget: "object", fields: fieldsOf(rules.node) };
  if (rules.kind === "literal") return { ...field, widget: "hidden", default: rules.values?.[0] };
  if (rules.kind === "enum") return { ...field, widget: "select", options: choices(rules.values) };
  // A switch, saved as true or false (a text field would save the words "true" and "false").
  if (rules.kind === "boolean") return { ...field, widget: "boolean", ...(rules.optional ? { default: false } : {}) };
  if (rules.kind === "number") {
    const step = rules.int ? 1 : 0.0001;
    const min = rules.min === undefined ? undefined : rules.exclusiveMin ? rules.min + step : rules.min;
    return {
      ...field,
      widget: "number",
      value_type: rules.int ? "int" : "float",
      ...(min === undefined ? {} : { min }),
      ...(rules.max === undefined ? {} : { max: rules.max }),
    };
  }
  if (rules.kind === "array") {
    const element = rulesOf(def.element);
    const length = { ...(rules.min === undefined ? {} : { min: rules.min }), ...(rules.max === undefined ? {} : { max: rules.max }) };
    if (element.kind === "enum") return { ...field, widget: "select", multiple: true, options: choices(element.values), ...length };
    const by = ENTRY_NAME[/** @type {keyof typeof ENTRY_NAME} */ (name)] ?? entryName;
    if (element.kind === "object") {
      return {
        ...field,
        widget: "list",
        collapsed: true,
        ...(by ? { summary: `{{fields.${by}}}` } : {}),
        fields: fieldsOf(element.node),
        ...length,
      };
    }
    return { ...field, widget: "list", field: cmsField("item", def.element), ...length };
  }
  const pattern =
    rules.patterns.length > 0 ? { pattern: [allOf(rules.patterns), `Ikke gyldigt: ${words.description ?? words.title ?? name}`] } : {};
  const widget = words.widget ?? "string";
  return { ...field, widget, ...pattern };
}

/** Decap's choices for an enum, labelled in Danish where the value is not. */
const choices = (/** @type {unknown[]} */ values = []) =>
  values.map((value) => ({ label: CHOICE_LABELS[/** @type {keyof typeof CHOICE_LABELS} */ (value)] ?? String(value), value }));

/** The fields of an object schema, in order. */
const fieldsOf = (/** @type {import("./schema-walk.js").SchemaNode} */ objectSchema) =>
  Object.entries(objectSchema._zod.def.shape).map(([name, schema]) => cmsField(name, schema));

/** Where the CMS opens its sign-in popup, on the site: site/admin/auth.html, which forwards to the cms-auth function. */
export const AUTH_ENDPOINT = "admin/auth";

/**
 * The CMS's configuration.
 * @param {{ backendUrl: string, siteUrl: string, branch: string, repo?: string, photoSlots: Record<string, unknown>, photoPages: Map<string, Set<string>> }} options
 *   backendUrl: decap-server's API on this machine; siteUrl: the site's canonical address; repo: the git host's "owner/name" in production
 */
export function cmsConfig({ backendUrl, siteUrl, branch, repo, photoSlots, photoPages }) {
  return {
    // In production the git host's backend and sign-in (docs/deploy.md); on localhost decap-server.
    backend: {
      name: "github",
      repo: repo ?? "firma/hjemmeside",
      branch,
      // The sign-in popup opens on the site's own origin, which the CMS requires of the window that
      // hands it the token; that page forwards to the backend's cms-auth function.
      base_url: new URL(siteUrl).origin,
      auth_endpoint: AUTH_ENDPOINT,
      commit_messages: { update: "Opdater {{collection}} (CMS)", uploadMedia: "Upload {{path}} (CMS)" },
    },
    local_backend: { url: backendUrl },
    locale: "da",
    site_url: "/",
    media_folder: MEDIA.folder,
    public_folder: MEDIA.public,
    collections: FILES.map((name) => collection(name, photoSlots, photoPages)),
  };
}

/**
 * A collection of one data file.
 * @param {string} name
 * @param {Record<string, unknown>} photoSlots
 * @param {Map<string, Set<string>>} photoPages
 */
function collection(name, photoSlots, photoPages) {
  const schema = dataSchemas[/** @type {keyof typeof dataSchemas} */ (name)];
  const words = wordsOf(schema) ?? {};
  const file = `site/_data/${name}.yaml`;
  let fields;
  if (LIST_FILES.includes(name)) fields = [{ ...cmsField(name, schema), name: "items" }];
  else if (name === "photos") fields = photoFields(schema, photoSlots, photoPages);
  else fields = fieldsOf(rulesOf(schema).node);
  return {
    name,
    label: words.title ?? name,
    ...(LIST_FILES.includes(name) ? { format: "yaml-list" } : { format: "yaml" }),
    editor: { preview: false },
    files: [{ name, label: words.title ?? name, file, fields }],
  };
}

/**
 * One group per photo slot, saying which pages show it; the photo as an upload into the photo folder.
 * @param {import("./schema-walk.js").SchemaNode} schema
 * @param {Record<string, unknown>} photoSlots
 * @param {Map<string, Set<string>>} photoPages
 */
function photoFields(schema, photoSlots, photoPages) {
  const slot = rulesOf(rulesOf(schema).node._zod.def.valueType).node;
  return Object.keys(photoSlots).map((key) => {
    const pages = [...(photoPages.get(key) ?? [])].sort();
    const fields = fieldsOf(slot).map((field) => (field.name === "file" ? { ...field, widget: "image", choose_url: false } : field));
    return {
      name: key,
      label: key,
      widget: "object",
      hint: pages.length ? `Vises på ${pages.join(", ")}` : "Vises ikke på nogen side lige nu",
      fields,
    };
  });
}
