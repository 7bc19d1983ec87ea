// Build errors the firm can act on: which file, which entry (by its name, not its position), which field
// in the CMS's words, and what is allowed, in Danish and in a few lines. The stack trace only with DEBUG=1.
import { ENTRY_NAME } from "./data-schemas.js";
import { unwrap, wordsOf } from "./schema-walk.js";

/** A mistake in the firm's content: `lines` say what and where, in Danish. */
export class ContentError extends Error {
  /**
   * @param {string} file the file as the firm knows it, e.g. site/_data/areas.yaml
   * @param {string[]} lines what is wrong, one line each
   * @param {{ cause?: unknown }} [options]
   */
  constructor(file, lines, options) {
    super(`Fejl i ${file}:\n${lines.map((line) => `  ${line}`).join("\n")}`, options);
    this.name = "ContentError";
    this.file = file;
    this.lines = lines;
  }
}

// yaml's error codes (eemeli/yaml docs "Errors"), told as what to do.
/** @type {Record<string, string>} */
const YAML_ADVICE = {
  BLOCK_AS_IMPLICIT_KEY:
    'Et kolon med mellemrum efter (": ") starter et nyt felt. Står det i en tekst, så sæt hele teksten i anførselstegn: tekst: "Fint arbejde: tak".',
  MULTILINE_IMPLICIT_KEY:
    'Et kolon med mellemrum efter (": ") starter et nyt felt. Står det i en tekst, så sæt hele teksten i anførselstegn.',
  BAD_INDENT: "Indrykningen passer ikke: linjerne i samme liste eller gruppe skal starte lige langt inde (brug mellemrum, ikke tabulator).",
  TAB_AS_INDENT: "Der er brugt tabulator til indrykning: brug mellemrum.",
  DUPLICATE_KEY: "Det samme felt står to gange i samme gruppe: slet det ene.",
  MISSING_CHAR: "Et anførselstegn eller en parentes er ikke lukket.",
  BAD_SCALAR_START: "En tekst kan ikke begynde med det tegn: sæt teksten i anførselstegn.",
  UNEXPECTED_TOKEN: "Her står et tegn, YAML ikke venter: se efter et kolon, en bindestreg eller et anførselstegn for meget.",
};

/**
 * The ContentError for a file that is not valid YAML: line, column and what to do.
 * @param {string} file
 * @param {any} error what `YAML.parse` threw
 */
export function yamlError(file, error) {
  const where = error.linePos?.[0] ? `Linje ${error.linePos[0].line}, kolonne ${error.linePos[0].col}: ` : "";
  const advice = YAML_ADVICE[error.code] ?? "Filen kan ikke læses som YAML.";
  return new ContentError(file, [`${where}${advice}`, `(YAML: ${String(error.message).split("\n")[0]})`], { cause: error });
}

/**
 * The label and hint of each field a path passes through, from the file's schema to the field: a field's
 * words sit on its outermost schema, its shape inside wrappers (optional, default, pipe, transform).
 * @param {import("zod").ZodType} schema
 * @param {PropertyKey[]} path
 * @returns {({ title?: string, description?: string } | undefined)[]}
 */
function wordsAlong(schema, path) {
  const steps = [];
  /** @type {any} */
  let node = schema;
  for (const key of path) {
    const def = unwrap(node)?._zod.def;
    if (def?.type === "object") node = def.shape[key];
    else if (def?.type === "array") node = def.element;
    else if (def?.type === "record") node = def.valueType;
    else node = undefined;
    steps.push(node && wordsOf(node));
  }
  return steps;
}

// zod's own (English) messages are replaced by Danish ones; the schemas' own messages are Danish already.
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized)/;

/**
 * What a zod issue says, in the words a firm understands.
 * @param {import("zod").core.$ZodIssue} issue
 */
function problem(issue) {
  if (issue.code === "invalid_type" && issue.input === undefined) return "mangler";
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  if (issue.code === "invalid_type") {
    /** @type {Record<string, string>} */
    const expected = {
      number: "et tal, fx 15",
      string: "en tekst",
      array: "en liste",
      object: "en gruppe af felter",
      boolean: "ja eller nej",
    };
    // A number written with a decimal or a thousands point ("1.400", 1400.5) where whole kroner go.
    if (issue.expected === "int") return `skal være et helt tal, uden komma og punktum (der står ${JSON.stringify(issue.input)})`;
    if (issue.expected === "number" && typeof issue.input === "string")
      return `skal være et tal, skrevet uden anførselstegn og enhed (der står "${issue.input}")`;
    return `skal være ${expected[issue.expected] ?? issue.expected}`;
  }
  if (issue.code === "too_small") {
    if (issue.origin === "string" && issue.minimum === 1) return "er tom";
    if (issue.origin === "string") return `er for kort: mindst ${issue.minimum} tegn`;
    if (issue.origin === "array") return `skal have mindst ${issue.minimum}`;
    // positive(): more than 0, not "at least 0".
    if (!issue.inclusive) return `skal være større end ${issue.minimum}`;
    return `skal være mindst ${issue.minimum}`;
  }
  if (issue.code === "too_big") {
    if (issue.origin === "string") return `er for lang: højst ${issue.maximum} tegn`;
    if (issue.origin === "array") return `må højst have ${issue.maximum}`;
    return `må højst være ${issue.maximum}`;
  }
  if (issue.code === "invalid_value") return `skal være en af: ${issue.values.join(", ")}`;
  if (issue.code === "unrecognized_keys") return `ukendt felt ${issue.keys.map((key) => `"${key}"`).join(", ")} (stavefejl?)`;
  return issue.message;
}

/**
 * The ContentError for data that does not fit its schema: one line per problem, naming the entry by its
 * name and the field by its label in the CMS.
 * @param {string} file
 * @param {string} name the data file's base name
 * @param {import("zod").ZodType} schema
 * @param {import("zod").core.$ZodIssue[]} issues
 * @param {unknown} raw the parsed file, to name entries
 */
export function schemaError(file, name, schema, issues, raw) {
  const fileTitle = wordsOf(schema)?.title;
  const lines = issues.map((issue) => {
    const steps = wordsAlong(schema, issue.path);
    /** @type {string[]} */
    const words = [];
    /** @type {any} the parsed YAML, walked along the issue's path: any JSON value */
    let value = raw;
    issue.path.forEach((key, index) => {
      const parentKey = index > 0 ? issue.path[index - 1] : name;
      value = value?.[key];
      if (typeof key === "number") {
        const by = ENTRY_NAME[/** @type {keyof typeof ENTRY_NAME} */ (parentKey)];
        const entry = by && value && typeof value === "object" ? value[by] : undefined;
        words.push(entry ? `"${entry}"` : `nr. ${key + 1}`);
      } else {
        words.push(steps[index]?.title ?? (index === 0 && name === "photos" ? `"${String(key)}"` : String(key)));
      }
    });
    const hint = steps.at(-1)?.description;
    const where = words.length ? `${words.join(" → ")}: ` : "";
    return `${where}${problem(issue)}${hint && !problem(issue).includes(hint) ? ` (${hint})` : ""}`;
  });
  return new ContentError(fileTitle ? `${file} (${fileTitle} i CMS'et)` : file, lines);
}

/**
 * What a failed build prints: a ContentError's few lines (found anywhere in the error's causes), or the
 * error's message; the stack trace only when DEBUG=1.
 * @param {unknown} error
 * @param {NodeJS.ProcessEnv} [env]
 */
export function formatBuildError(error, env = process.env) {
  let content;
  for (let cause = /** @type {any} */ (error), depth = 0; cause && depth < 10; cause = cause.cause, depth++) {
    if (cause instanceof ContentError || cause?.name === "ContentError") content = cause;
  }
  const shown = content ?? error;
  const message = shown instanceof Error ? shown.message : String(shown);
  const debug = env.DEBUG === "1" && error instanceof Error ? `\n\n${error.stack}` : "\nKør med DEBUG=1 for de tekniske detaljer.";
  return `${message}\n${content ? "Ret fejlen og gem igen: det tidligere site er uændret." : ""}${debug}`;
}
