// Every reference in the docs and the code's comments resolves: a relative Markdown link names a file the
// repository holds, an anchor names a heading of that file, and a mention such as README "Deploy" or
// docs/product.md, "Pages" names a heading that exists. Sections get renamed and files move; a pointer
// that leads nowhere costs the next reader more than no pointer. External URLs are not followed (a check
// that needs the network would fail offline and say nothing about the repository).
//
// Pure: it reads only through `read`, so a test can hand it a repository of a few made-up files.
import { posix } from "node:path";

/** The code whose comments are read, by extension, and how a comment is written in it. */
const COMMENTS = /** @type {Record<string, RegExp>} */ ({
  // `//` or `/*` only at the start of a line or after a space: `https://` inside a string is not one.
  js: /(?<=^|\s)\/\/[^\n]*|(?<=^|\s)\/\*[\s\S]*?\*\//gm,
  ts: /(?<=^|\s)\/\/[^\n]*|(?<=^|\s)\/\*[\s\S]*?\*\//gm,
  tsx: /(?<=^|\s)\/\/[^\n]*|(?<=^|\s)\/\*[\s\S]*?\*\//gm,
  sql: /(?<=^|\s)--[^\n]*|(?<=^|\s)\/\*[\s\S]*?\*\//gm,
  yaml: /(?<=^|\s)#[^\n]*/gm,
  yml: /(?<=^|\s)#[^\n]*/gm,
  njk: /\{#[\s\S]*?#\}|<!--[\s\S]*?-->/g,
});

/** @param {string} path */
const extensionOf = (path) => path.slice(path.lastIndexOf(".") + 1);

/**
 * Whether the references in this file are checked: Markdown, and the comments of the code above. An
 * applied migration is not: it is never edited (a database that ran it keeps it as it was), so its
 * comments stay as they were written.
 */
export const isChecked = (/** @type {string} */ path) =>
  !path.startsWith("supabase/migrations/") && (extensionOf(path) === "md" || extensionOf(path) in COMMENTS);

const blank = (/** @type {string} */ s) => s.replace(/[^\n]/g, " ");

/** Inline code is prose only when it holds a path alone (`docs/product.md` "Pages"); other code is an example. */
const withoutCodeSpans = (/** @type {string} */ prose) =>
  prose.replace(/(`+)([^`]*?)\1/g, (span, _ticks, inside) =>
    /^[\w./#-]+$/.test(inside) ? ` ${inside} `.padEnd(span.length) : blank(span),
  );

/** Whether a line's text before a comment marker leaves a string open: then the marker is in the string. */
const opensString = (/** @type {string} */ before) =>
  ['"', "'", "`"].some((quote) => before.replace(/\\./g, "").split(quote).length % 2 === 0);

/** `text` with everything but its readable prose (comments; Markdown outside code) blanked, lines kept. */
function proseOf(/** @type {string} */ path, /** @type {string} */ text) {
  const extension = extensionOf(path);
  if (extension === "md") {
    return withoutCodeSpans(text.replace(/^ {0,3}(```|~~~)[\s\S]*?^ {0,3}\1[^\n]*$/gm, blank).replace(/<!--[\s\S]*?-->/g, blank));
  }
  let prose = blank(text);
  for (const match of text.matchAll(COMMENTS[extension])) {
    if (opensString(text.slice(text.lastIndexOf("\n", match.index) + 1, match.index))) continue;
    // The comment's markers (`//`, `/*`, a JSDoc line's leading `*`) become spaces, its words stay.
    const words = match[0].replace(/^(\/\/|\/\*+|--|#|\{#|<!--)|(\*\/|#\}|-->)$/g, blank).replace(/^([ \t]*)\*/gm, "$1 ");
    prose = prose.slice(0, match.index) + words + prose.slice(match.index + match[0].length);
  }
  return withoutCodeSpans(prose);
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
  const prose = text.replace(/^ {0,3}(```|~~~)[\s\S]*?^ {0,3}\1[^\n]*$/gm, "");
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

/** A path with an anchor written as plain text: `docs/product.md#pages`. */
const ANCHORED_PATH = /(?<![\w./(-])((?:[\w.-]+\/)*[\w.-]+\.md)#([\w-]+)/g;

/** A section named in words, `README "Deploy"`, `docs/product.md, "Pages"`, `site/README.md "…"`; a long name may wrap. */
const SECTION = /(?<![\w./-])((?:[\w.-]+\/)*(?:README(?:\.md)?|[\w.-]+\.md)),?\s+"([^"]{1,200})"/g;

/**
 * The references that lead nowhere, as `path:line: what is wrong`.
 * @param {{ paths: string[], read: (path: string) => string }} repository every tracked file, and how to read one
 * @returns {string[]}
 */
export function brokenReferences({ paths, read }) {
  const files = new Set(paths);
  const folders = new Set(
    paths.flatMap((path) =>
      path
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
    ),
  );
  /** @type {Map<string, Set<string>>} */
  const anchorCache = new Map();
  const anchors = (/** @type {string} */ path) => {
    if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(read(path)));
    return /** @type {Set<string>} */ (anchorCache.get(path));
  };
  /** A repository path from one written in `from`: relative to its folder, else (prose often writes that) to the root. */
  const resolve = (/** @type {string} */ from, /** @type {string} */ written, fromRoot = true) =>
    [posix.join(posix.dirname(from), written), ...(fromRoot ? [posix.normalize(written)] : [])]
      .map((path) => path.replace(/\/$/, ""))
      .find((path) => files.has(path) || folders.has(path));
  /** The nearest README.md from `from`'s folder up to the root. */
  const nearestReadme = (/** @type {string} */ from) => {
    for (let folder = posix.dirname(from); ; folder = posix.dirname(folder)) {
      const readme = folder === "." ? "README.md" : `${folder}/README.md`;
      if (files.has(readme)) return readme;
      if (folder === ".") return undefined;
    }
  };

  /** @type {string[]} */
  const broken = [];
  for (const path of paths.filter(isChecked)) {
    const text = read(path);
    const prose = proseOf(path, text);
    const lineAt = (/** @type {number} */ index) => text.slice(0, index).split("\n").length;
    const report = (/** @type {number} */ index, /** @type {string} */ problem) => broken.push(`${path}:${lineAt(index)}: ${problem}`);
    /** Reports `target` (path, anchor or both) if it leads nowhere; a link is always relative to its file. */
    const check = (/** @type {string} */ target, /** @type {number} */ index, asLink = false) => {
      const [written, anchor] = decodeURI(target).split("#");
      const file = written === "" ? path : resolve(path, written, !asLink);
      if (file === undefined) return report(index, `${target}: no such file in the repository`);
      if (anchor && file.endsWith(".md") && !anchors(file).has(anchor)) report(index, `${target}: ${file} has no heading #${anchor}`);
    };

    for (const match of prose.matchAll(LINK)) {
      const target = match[1] ?? match[2];
      if (!NOT_A_PATH.test(target)) check(target, match.index, true);
    }
    for (const match of prose.matchAll(ANCHORED_PATH)) check(`${match[1]}#${match[2]}`, match.index);
    for (const match of prose.matchAll(SECTION)) {
      const [, written, wrapped] = match;
      const section = wrapped.replace(/\s+/g, " ");
      const file = /^README(\.md)?$/.test(written) ? nearestReadme(path) : resolve(path, written);
      if (file === undefined) report(match.index, `${written} "${section}": no such file in the repository`);
      else if (!anchors(file).has(slugOf(section))) report(match.index, `${written} "${section}": ${file} has no heading "${section}"`);
    }
  }
  return broken;
}
