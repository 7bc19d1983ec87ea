// One HTML escaper for every runtime that writes HTML (supabase/functions/_shared/escape-html.js): the
// functions' e-mails, the build's attributes, the widgets' markup and the local inbox. Before, seven files
// each had their own, and three of them left `>` or a single quote as it was.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../supabase/functions/_shared/escape-html.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const HOME = "supabase/functions/_shared/escape-html.js";

/** @param {string} dir @returns {string[]} */
const sourceFiles = (dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(path);
    return /\.(js|ts|tsx)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [path] : [];
  });

describe("the HTML escaper", () => {
  it("escapes the five characters that can end a text, a tag or a quoted attribute, and nothing else", () => {
    expect(escapeHtml(`<a href="x" title='y'>Køge & Co</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Køge &amp; Co&lt;/a&gt;");
    expect(escapeHtml("Ærø – 20 30 40 50")).toBe("Ærø – 20 30 40 50");
    expect(escapeHtml(undefined)).toBe("undefined");
  });

  it("is the only one: no other source file writes an entity for & itself", () => {
    const writers = ["supabase", "widgets", "site", "dev", "operator", "scripts"]
      .flatMap(sourceFiles)
      .filter((path) => path !== HOME && /["'`]&amp;["'`]|\/g, ["'`]&amp;/.test(readFileSync(join(ROOT, path), "utf8")));
    expect(writers).toEqual([]);
  });
});
