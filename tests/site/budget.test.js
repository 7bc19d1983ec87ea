// Deterministic byte budgets over dist/ (timings belong in `npm run bench`, never in a test).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { ALL_PAGES, DIST, page, requireBuild } from "../support/site.js";

const KB = 1024;
const gzipSize = (text) => gzipSync(text, { level: 9 }).length;
const PAGES = [...ALL_PAGES, "/404"];

beforeAll(requireBuild);

describe("byte budgets per page", () => {
  it("keeps every page's HTML at most 20 kB gzip-compressed", () => {
    for (const route of PAGES) expect(gzipSize(page(route).html), route).toBeLessThanOrEqual(20 * KB);
  });

  it("keeps every page's CSS at most 10 kB gzip-compressed, in at most one render-blocking stylesheet", () => {
    for (const route of PAGES) {
      const { root } = page(route);
      const blocking = root.querySelectorAll('link[rel="stylesheet"]').filter((link) => !link.getAttribute("media") || link.getAttribute("media") === "all");
      expect(blocking.length, route).toBeLessThanOrEqual(1);
      expect(root.querySelectorAll("style"), route).toHaveLength(0);
      const css = root.querySelectorAll('link[rel="stylesheet"]').map((link) => readFileSync(join(DIST, link.getAttribute("href")), "utf8")).join("");
      expect(gzipSize(css), route).toBeLessThanOrEqual(10 * KB);
    }
  });

  it("loads no web fonts that could block rendering", () => {
    for (const route of PAGES) {
      const { root } = page(route);
      expect(root.querySelectorAll('link[rel="preload"][as="font"]'), route).toHaveLength(0);
      for (const link of root.querySelectorAll('link[rel="stylesheet"]')) {
        const css = readFileSync(join(DIST, link.getAttribute("href")), "utf8");
        for (const fontFace of css.match(/@font-face\s*{[^}]*}/g) ?? []) expect(fontFace).toMatch(/font-display:\s*(swap|optional|fallback)/);
        expect(css).not.toMatch(/@import\s+url\(\s*["']?https?:/);
      }
    }
  });

  it("loads no JavaScript yet, apart from the not-found page's path logger", () => {
    for (const route of PAGES) {
      const scripts = page(route).root.querySelectorAll("script").filter((script) => script.getAttribute("type") !== "application/ld+json");
      const sources = scripts.map((script) => script.getAttribute("src") ?? "inline");
      expect(sources, route).toEqual(route === "/404" ? ["/assets/not-found.js"] : []);
      expect(page(route).root.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    }
    expect(readFileSync(join(DIST, "assets/not-found.js"), "utf8").trim().split("\n")).toHaveLength(1);
  });
});
