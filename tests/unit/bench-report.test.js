import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { floorPageDir } from "../../dev/bench/floor-page.js";
import { GOALS } from "../../dev/bench/goals.js";
import { layoutShifts } from "../../dev/bench/lighthouse-audits.js";
import {
  buildFailures,
  floorLine,
  mobileFailures,
  pagesOverFirstRoundTrip,
  scaleFailures,
  shiftsLine,
  toMarkdown,
} from "../../dev/bench/report.js";
import { medianAndWorst, summarise } from "../../dev/bench/stats.js";

/** The machine line of a report, for the tests that render one. */
const MACHINE = { cpus: 2, cpu: "test", memoryGiB: 24, node: "20", chromium: "156" };

describe("the bench's Lighthouse verdict", () => {
  const good = { score: GOALS.lighthouseMobile.score, lcp: GOALS.lighthouseMobile.lcpMs - 200, cls: 0 };

  it("fails on any single mobile run below the score, over the LCP or with a layout shift, and names the page", () => {
    const failures = mobileFailures([
      { path: "/", preset: "mobile", figures: summarise([good, { ...good, score: 99 }, good]) },
      { path: "/kontakt", preset: "mobile", figures: summarise([good, { ...good, lcp: GOALS.lighthouseMobile.lcpMs + 1 }]) },
      { path: "/om-os", preset: "mobile", figures: summarise([good, { ...good, cls: 0.01 }]) },
      { path: "/om-os", preset: "desktop", figures: summarise([{ ...good, score: 50 }]) },
    ]);
    expect(failures).toEqual(["/: score 99", "/kontakt: LCP 1,001 ms", "/om-os: CLS 0.010"]);
    expect(mobileFailures([{ path: "/", preset: "mobile", figures: summarise([good, good]) }])).toEqual([]);
  });

  it("says whether the host's floor page itself reached 100, with every run", () => {
    const benchmarkIndex = medianAndWorst([1600, 1700, 1650], "low");
    const missed = floorLine({
      mobile: summarise([
        { score: 100, tbt: 40, lcp: 700 },
        { score: 96, tbt: 212, lcp: 790 },
      ]),
      benchmarkIndex,
    });
    expect(missed).toContain("score 100, 96; TBT 40, 212 ms; LCP 700, 790 ms");
    expect(missed).toContain("no page can be expected to score 100 in every run");
    expect(missed).toContain("benchmark index of this host: median 1,650");
    const clean = floorLine({ mobile: summarise([{ score: 100, tbt: 0, lcp: 650 }]), benchmarkIndex });
    expect(clean).toContain("every miss above is the site's");
    expect(clean).not.toContain("no page can be expected");
  });

  it("serves a floor page of about 4 kB of Danish text with no stylesheet or script", async () => {
    const floor = await floorPageDir();
    try {
      const html = await readFile(`${floor.dir}index.html`, "utf8");
      expect(Buffer.byteLength(html)).toBeGreaterThan(3500);
      expect(Buffer.byteLength(html)).toBeLessThan(4500);
      expect(html).toContain('<html lang="da">');
      expect(html).not.toMatch(/<(style|script|link|img)\b/);
      expect((await readFile(`${floor.dir}index.html.br`)).length).toBeGreaterThan(0);
    } finally {
      await floor.remove();
    }
  });
});

describe("the bench's page table", () => {
  const bytes = { raw: 1000, gzip: 500, brotli: 400 };
  const page = (/** @type {number} */ body) => ({
    html: bytes,
    css: bytes,
    js: bytes,
    other: bytes,
    total: bytes,
    requests: 3,
    renderBlocking: [],
    documentSent: { headers: 1000, body },
  });

  it("says whether each document, headers included, arrives in the first round trip of a new connection", () => {
    const pages = { "/kort": page(GOALS.documentBytes - 1000), "/lang": page(GOALS.documentBytes - 1000 + 1234) };
    const markdown = toMarkdown({ date: "2026-11-23", machine: MACHINE, pages });
    expect(markdown).toMatch(/\| \/kort \|.*\| 14,600 \(first round trip\) \|/);
    expect(markdown).toMatch(/\| \/lang \|.*\| 15,834 \(1,234 over the first round trip\) \|/);
    expect(pagesOverFirstRoundTrip(pages)).toEqual(["/lang: 1,234 bytes over"]);
    expect(markdown).toContain("(14,600 bytes): **not met (/lang: 1,234 bytes over)**");
  });

  it("counts a page whose document was not measured as a miss, not as met", () => {
    expect(pagesOverFirstRoundTrip({ "/": { ...page(0), documentSent: null } })).toHaveLength(1);
  });
});

describe("the bench's builds", () => {
  const builds = (/** @type {number} */ freshMs, /** @type {number} */ warm) => ({ freshMs, warmMs: { median: warm, runs: [warm] } });

  it("measures the fresh and the warm build against their goals", () => {
    expect(buildFailures(builds(GOALS.buildMs.fresh, GOALS.buildMs.warm))).toEqual([]);
    expect(buildFailures(builds(GOALS.buildMs.fresh + 1, GOALS.buildMs.warm + 1))).toEqual(["fresh 10,001 ms", "warm 3,001 ms"]);
  });

  it("reports the build at each number of towns, and the warm build with the goal's towns against its goal", () => {
    const row = (/** @type {number} */ towns, /** @type {number} */ warmMs) => ({
      towns,
      pages: towns + 18,
      coldMs: warmMs * 2,
      warmMs,
      msPerPage: warmMs / (towns + 18),
      areaPage: "/omraader/koge",
      areaPageBytes: 60 * 1024,
    });
    const scale = [row(16, 1700), row(GOALS.scale.towns, GOALS.scale.warmMs)];
    expect(scaleFailures(scale)).toEqual([]);
    expect(scaleFailures([row(16, GOALS.scale.warmMs + 1)])).toEqual([]);
    expect(scaleFailures([row(GOALS.scale.towns, GOALS.scale.warmMs + 1)])).toEqual(["1600 towns warm 60,001 ms"]);
    const markdown = toMarkdown({ date: "2026-11-25", machine: MACHINE, builds: builds(4000, 1500), scale });
    expect(markdown).toContain("| 16 | 34 | 3,400 | 1,700 | 50.0 | 60.0 |");
    expect(markdown).toContain("/omraader/koge (kB)");
    expect(markdown).toContain("at most 10,000 and 3,000 ms: **met**");
  });
});

describe("the bench's layout shifts", () => {
  // The "layout-shifts" audit as Lighthouse 12 writes it: one item per shift, its node and root causes.
  const lhr = {
    audits: {
      "layout-shifts": {
        details: {
          items: [
            {
              score: 0.0081,
              node: { selector: "main > section.section > div.wrap", snippet: '<div class="wrap grid\n  gap-8">' },
              subItems: { items: [{ cause: "Web font loaded", extra: { type: "url", value: "/f.woff2" } }] },
            },
            { score: 0.00002 },
          ],
        },
      },
    },
  };

  it("names what moved in each shift, with its score and Lighthouse's root causes", () => {
    expect(layoutShifts(lhr)).toEqual([
      {
        score: 0.0081,
        selector: "main > section.section > div.wrap",
        snippet: '<div class="wrap grid\n  gap-8">',
        causes: ["Web font loaded"],
      },
      { score: 0.00002, selector: null, snippet: null, causes: [] },
    ]);
    expect(layoutShifts({ audits: {} })).toEqual([]);
  });

  it("prints every run that shifted, and says so when none did", () => {
    expect(shiftsLine([])).toBe("Layout shifts: none in any run, mobile or desktop.");
    const line = shiftsLine([{ path: "/ydelser/energioptimering", preset: "mobile", run: 3, cls: 0.0081, shifts: layoutShifts(lhr) }]);
    expect(line).toContain(
      '/ydelser/energioptimering mobile run 3, CLS 0.0081: 0.0081 `main > section.section > div.wrap` (`<div class="wrap grid gap-8">`), cause: Web font loaded; 0.0000 `?`.',
    );
  });

  it("goes into the Lighthouse section of the report, beside the verdict and the floor", () => {
    const good = { score: 100, fcp: 700, lcp: 800, tbt: 0, cls: 0.13, speedIndex: 800, totalBytes: 20000 };
    const markdown = toMarkdown({
      date: "2026-11-24",
      machine: MACHINE,
      lighthouseRuns: 1,
      lighthouse: [{ path: "/", preset: "mobile", figures: summarise([good]) }],
      worstLcp: { path: "/", run: 1, lcp: 800, element: null, phases: {} },
      shifted: [
        { path: "/", preset: "desktop", run: 1, cls: 0.13, shifts: [{ score: 0.13, selector: "div.wrap", snippet: null, causes: [] }] },
      ],
      floor: { mobile: summarise([{ score: 100, tbt: 0, lcp: 650 }]), benchmarkIndex: medianAndWorst([1600], "low") },
    });
    expect(markdown).toContain("/ desktop run 1, CLS 0.1300: 0.1300 `div.wrap`.");
    expect(markdown).toContain("CLS 0): **not met (/: CLS 0.130)**");
    expect(markdown).toContain("The host's floor");
  });
});
