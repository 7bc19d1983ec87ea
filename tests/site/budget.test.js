// Deterministic byte budgets over dist/ (timings belong in `npm run bench`, never in a test).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { moduleGraph, names, sizes } from "../support/module-graph.js";
import { ALL_PAGES, DIST, page, requireBuild } from "../support/site.js";

const KB = 1024;
const gzipSize = (text) => gzipSync(text, { level: 9 }).length;
const kB = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const PAGES = [...ALL_PAGES, "/404"];

beforeAll(requireBuild);

describe("byte budgets per page", () => {
  it("keeps every page's HTML at most 20 kB gzip-compressed", () => {
    for (const route of PAGES) expect(gzipSize(page(route).html), route).toBeLessThanOrEqual(20 * KB);
  });

  it("keeps every page's CSS at most 10 kB gzip-compressed, in at most one render-blocking stylesheet", () => {
    for (const route of PAGES) {
      const { root } = page(route);
      const blocking = root
        .querySelectorAll('link[rel="stylesheet"]')
        .filter((link) => !link.getAttribute("media") || link.getAttribute("media") === "all");
      expect(blocking.length, route).toBeLessThanOrEqual(1);
      expect(root.querySelectorAll("style"), route).toHaveLength(0);
      const css = root
        .querySelectorAll('link[rel="stylesheet"]')
        .map((link) => readFileSync(join(DIST, link.getAttribute("href")), "utf8"))
        .join("");
      expect(gzipSize(css), route).toBeLessThanOrEqual(10 * KB);
    }
  });

  it("loads no web fonts that could block rendering", () => {
    for (const route of PAGES) {
      const { root } = page(route);
      expect(root.querySelectorAll('link[rel="preload"][as="font"]'), route).toHaveLength(0);
      for (const link of root.querySelectorAll('link[rel="stylesheet"]')) {
        const css = readFileSync(join(DIST, link.getAttribute("href")), "utf8");
        for (const fontFace of css.match(/@font-face\s*{[^}]*}/g) ?? [])
          expect(fontFace).toMatch(/font-display:\s*(swap|optional|fallback)/);
        expect(css).not.toMatch(/@import\s+url\(\s*["']?https?:/);
      }
    }
  });

  it("loads at most 16 kB of JavaScript (gzip) on every page before the visitor interacts, and only module scripts", () => {
    const report = [];
    for (const route of PAGES) {
      const { root } = page(route);
      const scripts = root.querySelectorAll("script").filter((script) => script.getAttribute("type") !== "application/ld+json");
      for (const script of scripts) expect(script.getAttribute("src"), `${route}: no inline script`).toBeTruthy();
      const entries = scripts.map((script) => join(DIST, script.getAttribute("src")));
      const before = sizes(moduleGraph(entries));
      const woken = sizes(moduleGraph(entries, { wake: true }));
      expect(before.gzip, `${route}: ${names(moduleGraph(entries), DIST).join(", ")}`).toBeLessThanOrEqual(16 * KB);
      report.push(
        `${route.padEnd(28)} before interaction ${kB(before.gzip)} gzip / ${kB(before.brotli)} br; every island awake ${kB(woken.gzip)} gzip / ${kB(woken.brotli)} br`,
      );
    }
    console.log(`JavaScript per page:\n${report.join("\n")}`);
  });

  it("loads a page's islands only where the page has them", () => {
    const loads = (route, widget) =>
      page(route)
        .root.querySelectorAll("script[src]")
        .some((script) => script.getAttribute("src").startsWith(`/widgets/${widget}.`));
    expect(loads("/", "quote-form")).toBe(true);
    expect(loads("/om-os", "quote-form")).toBe(false);
    expect(loads("/ydelser/energioptimering", "faq")).toBe(true);
    expect(loads("/ydelser", "faq")).toBe(false);
  });

  it("keeps the partner embed self-contained and at most 16 kB gzip with everything it needs", () => {
    const embed = join(DIST, "widgets/quote-form.embed.js");
    expect(moduleGraph([embed], { wake: true })).toEqual([embed]);
    const size = sizes([embed]);
    console.log(`Partner embed: ${kB(size.raw)} raw, ${kB(size.gzip)} gzip, ${kB(size.brotli)} brotli`);
    expect(size.gzip).toBeLessThanOrEqual(16 * KB);
  });

  it("ships no React: the widgets are written for React and shipped as Preact (widgets/react-aliases.js)", () => {
    // Strings every React 19 build carries (react's internals key and element tag, react-dom's error
    // text); preact/compat has none of them (it uses the older "react.element" tag for compatibility).
    const REACT_MARKERS = [
      "__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE",
      "react.transitional.element",
      "Minified React error",
    ];
    const shipped = readdirSync(DIST, { recursive: true, encoding: "utf8" }).filter((file) => /\.(m?js|html)$/.test(file));
    expect(shipped.filter((file) => file.startsWith("widgets/")).length).toBeGreaterThan(3);
    for (const file of shipped) {
      const text = readFileSync(join(DIST, file), "utf8");
      for (const marker of REACT_MARKERS) expect(text.includes(marker), `${file} contains ${marker}`).toBe(false);
    }
  });

  it("keeps the not-found page's path logger to one line", () => {
    expect(readFileSync(join(DIST, "assets/not-found.js"), "utf8").trim().split("\n")).toHaveLength(1);
  });
});
