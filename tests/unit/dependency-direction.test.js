// Dependencies point one way: the commands may use everything below them; the development tools may use
// the operator's code (the bench asks for the routes the deploy check does), which runs against the
// live database and so uses no development tool; both may use the product; the site build may use the widgets, the widgets may use the function's
// shared rules, and the functions use nothing outside supabase/functions/ (it is all that `supabase
// functions deploy` uploads). A file that reaches the other way is named here with what it reached for.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));

/** The areas each area may import from, besides itself and packages. @type {Record<string, string[]>} */
const MAY_USE = {
  "supabase/functions": [],
  widgets: ["supabase/functions"],
  site: ["widgets", "supabase/functions"],
  operator: ["site", "widgets", "supabase/functions"],
  dev: ["operator", "site", "widgets", "supabase/functions"],
  scripts: ["dev", "operator", "site", "widgets", "supabase/functions"],
};

/** The area a repository path belongs to (tests/ is one nobody may use), or null for anything else. */
const areaOf = (path) => [...Object.keys(MAY_USE), "tests"].find((area) => path.startsWith(`${area}/`)) ?? null;

/** @param {string} dir @returns {string[]} */
const sourceFiles = (dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(path);
    return /\.(js|ts|tsx)$/.test(entry.name) ? [path] : [];
  });

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)["'`]([^"'`]+)["'`]/g;

/**
 * Every module `file` imports: relative specifiers and package.json "imports" aliases, and files that
 * `new URL(…, import.meta.url)` reads as code or JSON (folders it writes to or serves are not dependencies).
 */
function importedPaths(file) {
  const source = readFileSync(join(ROOT, file), "utf8");
  return [...source.matchAll(SPECIFIER)].flatMap(([, specifier]) => {
    if (specifier.startsWith("#")) return manifest.imports?.[specifier] ? [relative(ROOT, resolve(ROOT, manifest.imports[specifier]))] : [];
    if (!specifier.startsWith(".") || !/\.(js|ts|tsx|json)$/.test(specifier)) return [];
    return [relative(ROOT, resolve(ROOT, dirname(file), specifier))];
  });
}

describe("the direction of dependencies", () => {
  for (const [area, allowed] of Object.entries(MAY_USE)) {
    it(`${area}/ imports only from ${[area, ...allowed].join(", ")} and packages`, () => {
      const wrong = sourceFiles(area).flatMap((file) =>
        importedPaths(file)
          .filter((target) => {
            const targetArea = areaOf(target);
            return targetArea !== null && targetArea !== area && !allowed.includes(targetArea);
          })
          .map((target) => `${file} -> ${target}`),
      );
      expect(wrong).toEqual([]);
    });
  }
});
