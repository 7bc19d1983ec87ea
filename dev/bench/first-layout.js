// Where a page's first layout goes: Chromium's main-thread style and layout time for a page loaded in a
// fresh renderer process (what Lighthouse measures: every run navigates to the page in a new process)
// against the same page loaded again in that now warm process. Unthrottled, at a phone's width, from a
// Chromium trace. The difference is what the engine pays once per process (its code and the fonts'
// shaping caches touched for the first time), not what the page's own markup costs. Of the layout, it
// also gives the time spent in font lookups: on Linux a renderer asks the browser process, by a
// synchronous call, for each font face and for the rendering of each size of it (a font "strike"), so a
// fresh renderer waits on the browser once per weight and size the page uses. And it gives the
// thread's CPU time within the same style and layout: what is left of the wall-clock time is the thread
// waiting (on those lookups, or for a core the host's other processes hold), which Lighthouse's 4x CPU
// slowdown multiplies as if it were work.
import { medianAndWorst } from "./stats.js";

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true };
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "fonts"];
const FONT_LOOKUP = "FontCache::GetFontPlatformData";

/**
 * Style and layout milliseconds on the main thread of the page's renderer in a trace (the renderer
 * main thread that parsed the page's HTML: a spare renderer parses none, or only about:blank), the thread's CPU
 * milliseconds within them (null when a slice lacks its thread time), and the milliseconds of font
 * lookups within them (outermost lookups only: one may nest another).
 * @param {{ traceEvents: Record<string, any>[] }} trace
 */
export function styleAndLayoutMs({ traceEvents }) {
  // Count only the parsing of a page served over HTTP: a spare renderer parses about:blank once, as
  // often as a small page is parsed in one go.
  const parsed = new Map();
  for (const event of traceEvents)
    if (event.name === "ParseHTML" && /^https?:/.test(event.args?.beginData?.url ?? ""))
      parsed.set(`${event.pid}:${event.tid}`, (parsed.get(`${event.pid}:${event.tid}`) ?? 0) + 1);
  const main = traceEvents
    .filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain")
    .map((event) => `${event.pid}:${event.tid}`)
    .sort((a, b) => (parsed.get(b) ?? 0) - (parsed.get(a) ?? 0))[0];
  const slices = (name) => traceEvents.filter((event) => event.ph === "X" && event.name === name && `${event.pid}:${event.tid}` === main);
  /** Milliseconds of `events`: their wall-clock length (dur), or their thread's CPU time (tdur). */
  const total = (events, key = "dur") => events.reduce((sum, event) => sum + event[key], 0) / 1000;
  const style = slices("UpdateLayoutTree");
  const layout = slices("Layout");
  const styleAndLayout = [...style, ...layout];
  const cpu = styleAndLayout.every((event) => typeof event.tdur === "number") ? total(styleAndLayout, "tdur") : null;
  const lookups = slices(FONT_LOOKUP);
  const outermost = lookups.filter(
    (inner) => !lookups.some((outer) => outer !== inner && outer.ts <= inner.ts && inner.ts + inner.dur <= outer.ts + outer.dur),
  );
  return { style: total(style), layout: total(layout), cpu, fonts: total(outermost) };
}

/** Loads `url` in `page` while tracing; returns its style, layout, CPU and font lookup milliseconds. */
async function tracedLoad(browser, page, url) {
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: "load" });
  // The first layout can come after the load event on a small page: wait for two frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return styleAndLayoutMs(JSON.parse((await browser.stopTracing()).toString()));
}

/**
 * For each path, `runs` times: the page in a new browser context (a fresh renderer), then the same page
 * again in it (warm). Returns per path the medians and worsts of style plus layout, cold and warm, and
 * of its CPU time and font lookups in the fresh renderer.
 * @param {import("playwright-core").Browser} browser
 * @param {string} base
 * @param {string[]} paths
 * @param {number} runs
 */
export async function measureFirstLayout(browser, base, paths, runs) {
  const results = [];
  for (const path of paths) {
    /** @type {{ cold: number[], warm: number[], cpu: number[], fonts: number[] }} */
    const times = { cold: [], warm: [], cpu: [], fonts: [] };
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      for (const kind of /** @type {const} */ (["cold", "warm"])) {
        const { style, layout, cpu, fonts } = await tracedLoad(browser, page, base + path);
        times[kind].push(style + layout);
        if (kind !== "cold") continue;
        times.fonts.push(fonts);
        if (cpu !== null) times.cpu.push(cpu);
      }
      await context.close();
    }
    const cpu = times.cpu.length ? medianAndWorst(times.cpu) : null;
    results.push({ path, cold: medianAndWorst(times.cold), warm: medianAndWorst(times.warm), cpu, fonts: medianAndWorst(times.fonts) });
  }
  return results;
}
