import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { styleAndLayoutMs } from "../../dev/bench/first-layout.js";
import { floorPageDir } from "../../dev/bench/floor-page.js";
import { FIRST_ROUND_TRIP_BYTES } from "../../dev/bench/page-bytes.js";
import { layoutShifts, tbtBreakdown } from "../../dev/bench/lighthouse.js";
import { floorLine, hostLine, mobileVerdict, shiftsLine, tbtLine, toMarkdown } from "../../dev/bench/report.js";
import { medianAndWorst } from "../../dev/bench/stats.js";

/** The machine line of a report, for the tests that render one. */
const MACHINE = { cpus: 2, cpu: "test", memoryGiB: 24, node: "20", chromium: "156" };

/** A summarised Lighthouse entry as dev/bench/run.js builds it, from per-run figures. */
const summary = (runs) =>
  Object.fromEntries(
    Object.keys(runs[0]).map((key) => [
      key,
      medianAndWorst(
        runs.map((run) => run[key]),
        key === "score" ? "low" : "high",
      ),
    ]),
  );

describe("the bench's Lighthouse verdict", () => {
  it("fails on any single run below score 100, over 1 000 ms LCP or with a layout shift, and names the page", () => {
    const good = { score: 100, lcp: 800, cls: 0 };
    const verdict = mobileVerdict([
      { path: "/", preset: "mobile", ours: summary([good, { ...good, score: 99 }, good]) },
      { path: "/kontakt", preset: "mobile", ours: summary([good, { ...good, lcp: 1001 }]) },
      { path: "/om-os", preset: "mobile", ours: summary([good, { ...good, cls: 0.01 }]) },
      { path: "/om-os", preset: "desktop", ours: summary([{ ...good, score: 50 }]) },
    ]);
    expect(verdict.pass).toBe(false);
    expect(verdict.failures).toEqual(["/: score 99", "/kontakt: LCP 1,001 ms", "/om-os: CLS 0.010"]);
    expect(mobileVerdict([{ path: "/", preset: "mobile", ours: summary([good, good]) }])).toEqual({ pass: true, failures: [] });
  });

  it("says whether the host's floor page itself reached 100, with every run", () => {
    const benchmarkIndex = medianAndWorst([1600, 1700, 1650], "low");
    const missed = floorLine({
      mobile: summary([
        { score: 100, tbt: 40, lcp: 700 },
        { score: 96, tbt: 212, lcp: 790 },
      ]),
      benchmarkIndex,
    });
    expect(missed).toContain("score 100, 96; TBT 40, 212 ms; LCP 700, 790 ms");
    expect(missed).toContain("no page can be expected to score 100 in every run");
    expect(missed).toContain("benchmark index of this host: median 1,650");
    const clean = floorLine({ mobile: summary([{ score: 100, tbt: 0, lcp: 650 }]), benchmarkIndex });
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

describe("the bench's first-layout figure", () => {
  const thread = (pid, tid) => ({ name: "thread_name", ph: "M", pid, tid, args: { name: "CrRendererMain" } });
  /** A complete trace slice: its start and length in milliseconds, and the thread's CPU time within it if given. */
  const slice = (name, pid, tid, startMs, ms, cpuMs) => ({
    name,
    ph: "X",
    pid,
    tid,
    ts: startMs * 1000,
    dur: ms * 1000,
    ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }),
  });
  /** A chunk of HTML parsed on a thread, from the document at `url`. */
  const parse = (pid, tid, url = "http://127.0.0.1:8080/side") => ({ ...slice("ParseHTML", pid, tid, 0, 3), args: { beginData: { url } } });

  it("adds up style and layout on the renderer main thread that parsed the page, and nowhere else", () => {
    const traceEvents = [
      thread(1, 1),
      thread(2, 1),
      parse(2, 1),
      slice("UpdateLayoutTree", 2, 1, 0, 4),
      slice("Layout", 2, 1, 0, 30),
      slice("Layout", 2, 1, 0, 5),
      // A spare renderer, and another thread of the page's renderer: neither counts.
      slice("Layout", 1, 1, 0, 100),
      slice("Layout", 2, 7, 0, 100),
    ];
    expect(styleAndLayoutMs({ traceEvents })).toEqual({ style: 4, layout: 35, cpu: null, fonts: 0 });
  });

  it("takes the page's renderer, not a spare one that parsed about:blank as often as a short page is parsed", () => {
    const spare = [thread(1, 1), parse(1, 1, "about:blank"), slice("Layout", 1, 1, 0, 1)];
    const page = [thread(2, 1), parse(2, 1), slice("Layout", 2, 1, 5, 40)];
    expect(styleAndLayoutMs({ traceEvents: [...spare, ...page] }).layout).toBe(40);
  });

  it("gives the thread's CPU time within style and layout, apart from the time it waited", () => {
    const traceEvents = [
      thread(2, 1),
      parse(2, 1),
      slice("UpdateLayoutTree", 2, 1, 5, 20, 8),
      slice("Layout", 2, 1, 30, 60, 25),
      // Another renderer's layout: not the page's.
      thread(1, 1),
      slice("Layout", 1, 1, 0, 100, 100),
    ];
    expect(styleAndLayoutMs({ traceEvents })).toMatchObject({ style: 20, layout: 60, cpu: 33 });
    // A slice without its thread time: no CPU figure rather than a short one.
    traceEvents.push(slice("Layout", 2, 1, 95, 5));
    expect(styleAndLayoutMs({ traceEvents }).cpu).toBeNull();
  });

  it("counts the font lookups within layout once, however they nest, on the page's thread only", () => {
    const lookup = "FontCache::GetFontPlatformData";
    const traceEvents = [thread(2, 1), parse(2, 1), slice("Layout", 2, 1, 10, 40), slice(lookup, 2, 1, 12, 9)];
    // A lookup made within another (a fallback face): its time is already in the outer one.
    traceEvents.push(slice(lookup, 2, 1, 14, 5), slice(lookup, 2, 1, 30, 6), slice(lookup, 2, 7, 30, 50));
    expect(styleAndLayoutMs({ traceEvents }).fonts).toBe(15);
  });
});

describe("the bench's page table", () => {
  const bytes = { raw: 1000, gzip: 500, brotli: 400 };
  const page = (body) => ({
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
    const markdown = toMarkdown({
      date: "2026-11-23",
      machine: MACHINE,
      pages: { "/kort": { ours: page(FIRST_ROUND_TRIP_BYTES - 1000) }, "/lang": { ours: page(FIRST_ROUND_TRIP_BYTES - 1000 + 1234) } },
    });
    expect(markdown).toMatch(/\| \/kort \|.*\| 14,600 \(first round trip\) \|/);
    expect(markdown).toMatch(/\| \/lang \|.*\| 15,834 \(1,234 over the first round trip\) \|/);
  });
});

describe("the bench's layout table", () => {
  const spread = (median, worst = median) => ({ median, worst });

  it("puts the main thread's CPU time beside the wall-clock style and layout of a fresh renderer", () => {
    const markdown = toMarkdown({
      date: "2026-11-23",
      machine: MACHINE,
      layout: [
        { path: "/", cold: spread(120, 150), warm: spread(60), cpu: spread(55), fonts: spread(40) },
        { path: "/gammel", cold: spread(90), warm: spread(50), cpu: null, fonts: spread(20) },
      ],
    });
    expect(markdown).toMatch(/\| \/ \| 120 \/ 150 \| 55 \| 40 \| 60 \|/);
    expect(markdown).toMatch(/\| \/gammel \| 90 \/ 90 \| – \| 20 \| 50 \|/);
  });
});

describe("the bench's host line", () => {
  it("says when the host has fewer cores than Lighthouse recommends for a measurement", () => {
    expect(hostLine({ cpus: 2 })).toMatch(/this host has 2, fewer than the 4 it recommends/);
    expect(hostLine({ cpus: 8 })).toMatch(/this host has 8, as many as it recommends/);
  });
});

describe("the bench's TBT breakdown", () => {
  const lhr = (tasks, fcp = 900, tti = 2000) => ({
    audits: {
      "first-contentful-paint": { numericValue: fcp },
      interactive: { numericValue: tti },
      "long-tasks": { details: { items: tasks.map(([url, startTime, duration]) => ({ url, startTime, duration })) } },
    },
  });

  it("gives each long task the blocking time Lighthouse counts: after FCP, before TTI, above 50 ms", () => {
    const { fcp, tasks } = tbtBreakdown(
      lhr([
        ["http://127.0.0.1:8080/", 1000, 120], // wholly after FCP: 120 - 50
        ["Unattributable", 775, 375], // straddles FCP: 775 + 375 - 900 - 50
        ["Unattributable", 600, 200], // over before FCP
        ["http://127.0.0.1:8080/widgets/faq.js", 1950, 150], // cut at TTI: 50 - 50
        ["http://127.0.0.1:8080/", 1200, 60], // after FCP, 10 ms above the line
      ]),
    );
    expect(fcp).toBe(900);
    expect(tasks.map((task) => [task.url, task.blocking])).toEqual([
      ["Unattributable", 200],
      ["http://127.0.0.1:8080/", 70],
      ["http://127.0.0.1:8080/", 10],
    ]);
    // Together they are these tasks' blocking time as Lighthouse adds it up.
    expect(tasks.reduce((sum, task) => sum + task.blocking, 0)).toBe(280);
  });

  it("prints the worst run's tasks by path, largest share first", () => {
    const line = tbtLine({
      path: "/",
      run: 2,
      tbt: 270,
      ...tbtBreakdown(
        lhr([
          ["Unattributable", 775, 375],
          ["http://127.0.0.1:8080/", 1000, 120],
        ]),
      ),
    });
    expect(line).toMatch(
      /^Worst mobile TBT: \/ \(run 2\) 270 ms, First Contentful Paint at 900 ms \(simulated\): 200 ms from a 375 ms task at 775 ms \(Unattributable\); 70 ms from a 120 ms task at 1,000 ms \(\/\)\./,
    );
    expect(tbtLine({ path: "/", run: 1, tbt: 0, fcp: 700, tasks: [] })).toMatch(/\(simulated\): no long task\./);
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

  it("goes into the Lighthouse section of the report", () => {
    const good = { score: 100, fcp: 700, lcp: 800, tbt: 0, cls: 0.13, speedIndex: 800, totalBytes: 20000 };
    const markdown = toMarkdown({
      date: "2026-11-24",
      machine: MACHINE,
      lighthouseRuns: 1,
      lighthouse: [{ path: "/", preset: "mobile", ours: summary([good]) }],
      worstLcp: { path: "/", run: 1, lcp: 800, element: null, phases: {} },
      shifted: [
        { path: "/", preset: "desktop", run: 1, cls: 0.13, shifts: [{ score: 0.13, selector: "div.wrap", snippet: null, causes: [] }] },
      ],
    });
    expect(markdown).toContain("/ desktop run 1, CLS 0.1300: 0.1300 `div.wrap`.");
  });
});
