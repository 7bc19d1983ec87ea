// The whole bench (`npm run bench`): builds and their scaling, every page's bytes and requests,
// Lighthouse mobile and desktop (with the LCP breakdown of the slowest mobile run and the host's floor),
// each page's first layout in a fresh and in a warm renderer, critical CSS per page (shipped) against
// the whole stylesheet inline, the partner embed's timing and the function under load. With `compare`, the
// byte and Lighthouse measurements also run against another site, alternating. `only` runs some parts
// alone, on the existing dist/ when the builds are left out.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../chromium.js";
import { closeServer, listen } from "../local/servers.js";
import { createStaticServer } from "../static-server.js";
import { runApiLoad } from "./api-load.js";
import { measureBuilds } from "./builds.js";
import { wholeStylesheetCopy } from "./whole-stylesheet.js";
import { measureEmbed } from "./embed-timing.js";
import { measureFirstLayout } from "./first-layout.js";
import { floorPageDir } from "./floor-page.js";
import { startLighthouse } from "./lighthouse.js";
import { measurePageBytes } from "./page-bytes.js";
import { ratios } from "./report.js";
import { ALL_ROUTES, LIGHTHOUSE_ROUTES } from "./routes.js";
import { medianAndWorst } from "./stats.js";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));

/** The bench's parts, in the order they run. */
export const BENCH_PARTS = ["builds", "pages", "lighthouse", "layout", "css", "embed", "api"];

/** @param {import("node:http").Server} server */
const serve = async (server) => `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}`;

/**
 * Median and worst of each figure of a list of runs (the lowest score is the worst, else the highest).
 * @param {(Record<string, number> | null)[]} list
 */
function summarise(list) {
  const valid = /** @type {Record<string, number>[]} */ (list.filter(Boolean));
  if (!valid.length) return null;
  return Object.fromEntries(
    Object.keys(valid[0]).map((key) => [
      key,
      medianAndWorst(
        valid.map((entry) => entry[key]),
        key === "score" ? "low" : "high",
      ),
    ]),
  );
}

/**
 * Measures the parts asked for and returns the report (what dev/bench/report.js prints).
 * @param {{ compare?: string, runs: number, only?: string[], log: (text: string) => void }} options
 */
export async function runBench({ compare, runs: RUNS, only = BENCH_PARTS, log }) {
  const want = (/** @type {string} */ part) => only.includes(part);
  let builds = null;
  if (want("builds")) {
    log("building (widgets and site, several times, then with 160 and 1 600 areas)");
    builds = await measureBuilds();
  } else if (!existsSync(`${DIST}index.html`)) {
    throw new Error('No build in dist/: run "npm run build" first, or the bench with its builds.');
  }

  const server = await createStaticServer(DIST);
  const ours = await serve(server);
  const browser = await launchChromium();

  /** @type {Record<string, { ours: object, theirs?: object | null }> | null} */
  let pages = null;
  if (want("pages")) {
    log(`page bytes and requests for ${ALL_ROUTES.length} pages`);
    pages = {};
    for (const path of ALL_ROUTES) {
      pages[path] = { ours: await measurePageBytes(browser, ours + path) };
      if (compare) pages[path].theirs = await measurePageBytes(browser, compare + path).catch(() => null);
    }
  }

  /** @type {object[] | null} */
  let lighthouse = null;
  /** @type {{ path: string, run: number, lcp: number } | null} */
  let worstLcp = null;
  /** @type {{ path: string, run: number, tbt: number, fcp: number, tasks: object[] } | null} */
  let worstTbt = null;
  /** Every run with a layout shift, and what moved. @type {{ path: string, preset: string, run: number, cls: number, shifts: object[] }[] | null} */
  let shifted = null;
  /** @type {{ mobile: object, benchmarkIndex: object } | null} */
  let floor = null;
  if (want("lighthouse")) {
    log(
      `Lighthouse: ${LIGHTHOUSE_ROUTES.length} pages x mobile and desktop x ${RUNS} runs${compare ? ", alternating with the other site" : ""}, and the host's floor page`,
    );
    const lighthouseRunner = await startLighthouse();
    lighthouse = [];
    shifted = [];
    /** @type {number[]} */
    const benchmarkIndexes = [];
    for (const path of LIGHTHOUSE_ROUTES) {
      for (const preset of ["mobile", "desktop"]) {
        /** @type {{ ours: Record<string, number>[], theirs: (Record<string, number> | null)[] }} */
        const runs = { ours: [], theirs: [] };
        for (let run = 0; run < RUNS; run++) {
          const result = await lighthouseRunner.run(ours + path, preset);
          runs.ours.push(result.figures);
          benchmarkIndexes.push(result.benchmarkIndex);
          // The slowest mobile run of all pages, with Lighthouse's breakdown of its LCP.
          if (preset === "mobile" && (!worstLcp || result.figures.lcp > worstLcp.lcp))
            worstLcp = { path, run: run + 1, lcp: result.figures.lcp, ...result.lcpBreakdown };
          // And the run with the most blocking time, with the long tasks it comes from.
          if (preset === "mobile" && (!worstTbt || result.figures.tbt > worstTbt.tbt))
            worstTbt = { path, run: run + 1, tbt: result.figures.tbt, ...result.tbtBreakdown };
          if (result.figures.cls > 0) shifted.push({ path, preset, run: run + 1, cls: result.figures.cls, shifts: result.shifts });
          if (compare)
            runs.theirs.push(
              await lighthouseRunner
                .run(compare + path, preset)
                .then((other) => other.figures)
                .catch(() => null),
            );
        }
        lighthouse.push({ path, preset, ours: summarise(runs.ours), ...(compare ? { theirs: summarise(runs.theirs) } : {}) });
      }
    }
    // The host's floor (dev/bench/floor-page.js): a 4 kB text page, as many mobile runs as each page had.
    const floorPage = await floorPageDir();
    const floorServer = await createStaticServer(floorPage.dir);
    const floorUrl = `${await serve(floorServer)}/`;
    /** @type {Record<string, number>[]} */
    const floorRuns = [];
    for (let run = 0; run < RUNS; run++) floorRuns.push((await lighthouseRunner.run(floorUrl, "mobile")).figures);
    floor = { mobile: summarise(floorRuns), benchmarkIndex: medianAndWorst(benchmarkIndexes, "low") };
    await closeServer(floorServer);
    await floorPage.remove();
    await lighthouseRunner.stop();
  }

  // Each Lighthouse page's style and layout time in a fresh renderer and in a warm one (first-layout.js).
  let layout = null;
  if (want("layout")) {
    log(`first layout: ${LIGHTHOUSE_ROUTES.length} pages x ${RUNS} runs, in a fresh renderer and again in a warm one`);
    layout = await measureFirstLayout(browser, ours, LIGHTHOUSE_ROUTES, RUNS);
  }

  // Each page's own first-paint CSS (what the build ships) against the whole stylesheet inline,
  // Lighthouse mobile, alternating between the two on every page and run.
  /** @type {object[] | null} */
  let css = null;
  if (want("css")) {
    log(`inline CSS: critical CSS against the whole stylesheet, ${LIGHTHOUSE_ROUTES.length} pages x mobile x ${RUNS} runs, alternating`);
    const copy = await wholeStylesheetCopy(DIST);
    const wholeServer = await createStaticServer(copy.dir);
    const whole = await serve(wholeServer);
    const lighthouseRunner = await startLighthouse();
    /** @param {string} dir @param {string} path */
    const brotliBytes = async (dir, path) => (await readFile(`${dir}${path === "/" ? "index" : path.slice(1)}.html.br`)).length;
    css = [];
    for (const path of LIGHTHOUSE_ROUTES) {
      /** @type {{ whole: Record<string, number>[], critical: Record<string, number>[] }} */
      const runs = { whole: [], critical: [] };
      for (let run = 0; run < RUNS; run++) {
        runs.critical.push((await lighthouseRunner.run(ours + path, "mobile")).figures);
        runs.whole.push((await lighthouseRunner.run(whole + path, "mobile")).figures);
      }
      /** @param {Record<string, number>[]} list @param {number} htmlBrotli */
      const summary = (list, htmlBrotli) => ({ htmlBrotli, ...summarise(list.map(({ score, fcp, lcp }) => ({ score, fcp, lcp }))) });
      css.push({
        path,
        whole: summary(runs.whole, await brotliBytes(`${copy.dir}/`, path)),
        critical: summary(runs.critical, await brotliBytes(DIST, path)),
      });
    }
    await lighthouseRunner.stop();
    await closeServer(wholeServer);
    await copy.remove();
  }

  let embed = null;
  if (want("embed")) {
    log("partner embed");
    embed = await measureEmbed(browser, ours);
  }
  const chromium = browser.version();
  await browser.close();
  await closeServer(server);

  let api = null;
  if (want("api")) {
    log("the function under load (npm run bench:api), on PGlite and on PostgreSQL 15");
    api = { pglite: await runApiLoad(), postgres15: await runApiLoad({ database: "postgres15" }) };
    for (const run of Object.values(api)) if (!run.nothingLost) throw new Error(`bench:api lost requests: ${JSON.stringify(run)}`);
  }

  /** @type {Record<string, any>} */
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model ?? "unknown",
      cpus: cpus().length,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.versions.node,
      chromium,
    },
    compare: compare ?? null,
    parts: only,
    partial: only.length < BENCH_PARTS.length,
    lighthouseRuns: RUNS,
    builds,
    pages,
    lighthouse,
    worstLcp,
    worstTbt,
    shifted,
    floor,
    layout,
    css,
    embed,
    api,
  };
  if (compare && pages && lighthouse) report.ratios = ratios(report);
  return report;
}
