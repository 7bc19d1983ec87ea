// Every reference in the docs and the code's comments resolves: files move and sections get renamed, and
// a pointer that leads nowhere costs the next reader more than none. A reference is
// - a Markdown link, `[text](target)`, relative to its file;
// - a path starting with `./` or `../` (from its file's folder), or with a top-level folder or a folder
//   beside its file (`site/_lib/slug.js`, `dev/local/`, `_lib/prices.js` in site/; from its file's folder,
//   else the root);
// - a bare Markdown name, `deploy.md`: the nearest up the tree, else the only one in the repository (a
//   bare code name is as often a package or a built file, `postgres.js`, `404.html`: not read);
// - with an anchor, `docs/product.md#pages`, or a section, `docs/product.md, "Pages"`, `README "Deploy"`,
//   `README's "Deploy" section`, `README section "Deploy"`, `README ("Deploy")`: a heading of that file
//   (README alone is the nearest README.md up the tree; a name may wrap over comment lines).
// Not one: a URL (never followed: offline that would fail and say nothing about the repository), a page
// (`/kontakt`), a package (`preact/compat`), a path under what .gitignore names (`dist/`: generated), a
// pattern (`dev/bench/*.js`, `<slot>.jpg`), code other than a lone path in backticks (an example).
// Read: Markdown outside code blocks, the comments of .js .mjs .ts .tsx .css .sql .yaml .toml .njk .html
// and shell scripts, JSON's strings; not an applied migration (never edited) nor package-lock.json.
// Pure: it reads only through `read`, so a test can hand it a repository of a few made-up files.
import { posix } from "node:path";

const SLASHES = /(?<=^|\s)\/\/[^\n]*|(?<=^|\s)\/\*[\s\S]*?\*\//gm;
const HASHES = /(?<=^|\s)#[^\n]*/gm;
/** How a comment is written, by extension (`//` or `/*` only at a line's start or after a space: `https://` is none). */
const COMMENTS = /** @type {Record<string, RegExp>} */ ({
  ...Object.fromEntries(["js", "mjs", "ts", "tsx"].map((extension) => [extension, SLASHES])),
  ...Object.fromEntries(["yaml", "yml", "toml", "sh"].map((extension) => [extension, HASHES])),
  css: /\/\*[\s\S]*?\*\//g,
  sql: /(?<=^|\s)--[^\n]*|(?<=^|\s)\/\*[\s\S]*?\*\//gm,
  njk: /\{#[\s\S]*?#\}|<!--[\s\S]*?-->/g,
  html: /<!--[\s\S]*?-->/g,
  json: /"(?:[^"\\\n]|\\.)*"/g,
});

/** The language a file is read as: its extension, a shell script by its first line, or undefined if it is not read. */
function languageOf(/** @type {string} */ path, /** @type {() => string} */ text) {
  const name = posix.basename(path);
  if (path.startsWith("supabase/migrations/") || name === "package-lock.json") return undefined;
  const extension = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : "";
  if (extension === "md" || extension in COMMENTS) return extension;
  return extension === "" && /^#!.*\b(?:ba|da|z)?sh\b/.test(text()) ? "sh" : undefined;
}

const blank = (/** @type {string} */ s) => s.replace(/[^\n]/g, " ");

/** Inline code is prose only when it holds a path alone (`docs/product.md` "Pages"); other code is an example. */
const withoutCodeSpans = (/** @type {string} */ prose) =>
  prose.replace(/(`+)([^`]*?)\1/g, (span, _ticks, inside) =>
    /^[\w./#-]+$/.test(inside) ? ` ${inside} `.padEnd(span.length) : blank(span),
  );

/** Whether a line's text before a comment marker leaves a string open: then the marker is in the string. */
const opensString = (/** @type {string} */ before) =>
  ['"', "'", "`"].some((quote) => before.replace(/\\./g, "").split(quote).length % 2 === 0);

const CODE_BLOCKS = /^ {0,3}(```|~~~)[\s\S]*?^ {0,3}\1[^\n]*$/gm;

/** `text` with everything but its readable prose (comments; Markdown outside code) blanked, lines kept. */
function proseOf(/** @type {string} */ language, /** @type {string} */ text) {
  if (language === "md") return withoutCodeSpans(text.replace(CODE_BLOCKS, blank).replace(/<!--[\s\S]*?-->/g, blank));
  const parts = [];
  let end = 0;
  for (const match of text.matchAll(COMMENTS[language])) {
    const line = text.slice(text.lastIndexOf("\n", match.index) + 1, match.index);
    if (language !== "json" && opensString(line)) continue;
    // The comment's markers (`//`, `/*`, a JSDoc line's leading `*`; a string's quotes) become spaces, its words stay.
    const words =
      language === "json"
        ? ` ${match[0].slice(1, -1)} `
        : match[0].replace(/^(\/\/|\/\*+|--|#|\{#|<!--)|(\*\/|#\}|-->)$/g, blank).replace(/^([ \t]*)\*/gm, "$1 ");
    parts.push(blank(text.slice(end, match.index)), words);
    end = match.index + match[0].length;
  }
  return withoutCodeSpans(parts.join("") + blank(text.slice(end)));
}

/**
 * GitHub's anchor for a heading: its text without Markdown markup, lower-cased, punctuation other than
 * `-` and `_` dropped, each space a hyphen.
 * @param {string} heading
 */
export function slugOf(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>|[`*~]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown file: each ATX heading's slug (a repeated one gets -1, -2, …) and each HTML element's id. */
function anchorsOf(/** @type {string} */ text) {
  const prose = text.replace(CODE_BLOCKS, "");
  /** @type {Map<string, number>} */
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of prose.matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm)) {
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const [, id] of prose.matchAll(/<[a-z][\w-]*\s[^>]*?\b(?:id|name)="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

/** A link target that is not a path in the repository: a URL, a page of the built site, a template value. */
const NOT_A_PATH = /^(?:[a-z][\w+.-]*:|\/|\{|\$)/i;

/** `[text](target)`, `![alt](target)` and a reference definition `[label]: target`. */
const LINK = /\[[^\]\n]*\]\(\s*<?([^()\s>]+)>?(?:\s+"[^"]*")?\s*\)|^[ \t]*\[[^\]\n]+\]:[ \t]+<?([^\s>]+)>?/gm;

/**
 * A path, bare Markdown name or README, whole (not a shorter part of a pattern or a URL), then its anchor
 * or the section named after it. `folders` are the first segments a path may start with.
 * @param {string[]} folders
 */
const mentionPattern = (folders) => {
  const start = `(?:${folders.join("|").replace(/\./g, "\\.")})/`;
  const path = `(?:\\.\\.?/)+[\\w.-]+(?:/[\\w.-]+)*/?|${start}(?:[\\w.-]+/?)*|[\\w-][\\w.-]*\\.md|README`;
  const section = `(?:'s)?,?\\s+(?:section\\s+)?\\(?"([^"]{1,200})"`;
  return new RegExp(`(?<![\\w./:@~-])(?=(${path}))\\1(?![\\w/*<>{$…[-])(?:#([\\p{L}\\p{N}_-]+))?(?:${section})?`, "gu");
};

/**
 * The references that lead nowhere, as `path:line: what is wrong`.
 * @param {{ paths: string[], read: (path: string) => string }} repository every tracked file, and how to read one
 * @returns {string[]}
 */
export function brokenReferences({ paths, read }) {
  const files = new Set(paths);
  const folders = new Set(paths.flatMap((path) => [...path.matchAll(/\//g)].map((slash) => path.slice(0, slash.index))));
  /** What .gitignore names without a wildcard (`dist/`, `supabase/.local/`): a path under it is generated. */
  const ignored = (files.has(".gitignore") ? read(".gitignore").split("\n") : []).map((line) => line.trim().replace(/^\/|\/$/g, ""));
  const isGenerated = (/** @type {string} */ from, /** @type {string} */ written) =>
    [posix.join(posix.dirname(from), written), posix.normalize(written)].some((path) =>
      ignored.some((name) => /^[\w./-]+$/.test(name) && `/${path}/`.includes(`/${name}/`)),
    );
  /** @type {Map<string, Set<string>>} */
  const anchorCache = new Map();
  const anchors = (/** @type {string} */ path) =>
    anchorCache.get(path) ?? anchorCache.set(path, anchorsOf(read(path))).get(path) ?? new Set();
  const exists = (/** @type {string} */ path) => files.has(path) || folders.has(path);
  /** A repository path from one written in `from`: relative to its folder, else (unless `./`, `../` or a link) to the root. */
  const resolve = (/** @type {string} */ from, /** @type {string} */ written, fromRoot = !/^\.\.?\//.test(written)) =>
    [posix.join(posix.dirname(from), written), ...(fromRoot ? [posix.normalize(written)] : [])]
      .map((path) => path.replace(/\/$/, ""))
      .find(exists);
  /** A bare name from `from`: the nearest file of that name up the tree, else the only one in the repository. */
  const resolveName = (/** @type {string} */ from, /** @type {string} */ name) => {
    for (let folder = posix.dirname(from); ; folder = posix.dirname(folder)) {
      const path = folder === "." ? name : `${folder}/${name}`;
      if (files.has(path)) return path;
      if (folder === ".") {
        const named = paths.filter((other) => posix.basename(other) === name);
        return named.length === 1 ? named[0] : undefined;
      }
    }
  };
  /** @type {Map<string, RegExp>} */
  const mentionsBeside = new Map();

  /** @type {string[]} */
  const broken = [];
  for (const path of paths) {
    const language = languageOf(path, () => read(path));
    if (language === undefined) continue;
    const text = read(path);
    const prose = proseOf(language, text);
    const lineAt = (/** @type {number} */ index) => text.slice(0, index).split("\n").length;
    const report = (/** @type {number} */ index, /** @type {string} */ problem) => broken.push(`${path}:${lineAt(index)}: ${problem}`);
    /**
     * Reports `written` (a path, with an anchor or a section) if `file` or its heading is missing.
     * @type {(written: string, file: string | undefined, index: number, anchor?: string, section?: string) => void}
     */
    const check = (written, file, index, anchor = "", section = "") => {
      const named = `${written}${anchor && `#${anchor}`}${section && ` "${section}"`}`;
      if (file === undefined) return report(index, `${named}: no such file in the repository`);
      if (!file.endsWith(".md")) return;
      if (anchor && !anchors(file).has(anchor)) report(index, `${named}: ${file} has no heading #${anchor}`);
      if (section && !anchors(file).has(slugOf(section))) report(index, `${named}: ${file} has no heading "${section}"`);
    };

    for (const match of prose.matchAll(LINK)) {
      const [written, anchor] = decodeURI(match[1] ?? match[2]).split("#");
      if (!NOT_A_PATH.test(written)) check(written, written === "" ? path : resolve(path, written, false), match.index, anchor);
    }
    const folder = posix.dirname(path);
    if (!mentionsBeside.has(folder)) {
      const starts = [...folders].filter((other) => [".", folder].includes(posix.dirname(other))).map((other) => posix.basename(other));
      mentionsBeside.set(folder, mentionPattern([...new Set(starts)]));
    }
    for (const match of prose.replace(LINK, blank).matchAll(/** @type {RegExp} */ (mentionsBeside.get(folder)))) {
      const [, found, anchor = "", wrapped = ""] = match;
      const written = found.replace(/\.+$/, "");
      const section = wrapped.replace(/\s+/g, " ");
      if (written === "README" && !section) continue;
      if (written.includes("/")) {
        if (!isGenerated(path, written)) check(written, resolve(path, written), match.index, anchor, section);
      } else check(written, resolveName(path, written === "README" ? "README.md" : written), match.index, anchor, section);
    }
  }
  return broken;
}
