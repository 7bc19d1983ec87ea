// The whole bench (`npm run bench`): builds, the build with more towns, every page's bytes against the first
// round trip, Lighthouse mobile and desktop with the host's floor page, the partner embed, and the
// function under load. `only` runs some parts alone, on the existing dist/ when the builds are left
// out. What each part answers, and the goal it is measured against: docs/bench.md.
import { existsSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../chromium.js";
import { closeServer, listen } from "../local/servers.js";
import { createStaticServer } from "../static-server.js";
import { runApiLoad } from "./api-load.js";
import { measureBuilds } from "./builds.js";
import { measureScale, SCALE_TOWNS } from "./scale.js";
import { measureEmbed } from "./embed-timing.js";
import { floorPageDir } from "./floor-page.js";
import { startLighthouse } from "./lighthouse.js";
import { measurePageBytes } from "./page-bytes.js";
import { ALL_ROUTES, LIGHTHOUSE_ROUTES } from "./routes.js";
import { medianAndWorst, summarise } from "./stats.js";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));

/** The bench's parts, in the order they run. */
export const BENCH_PARTS = ["builds", "scale", "pages", "lighthouse", "embed", "api"];

/** @param {import("node:http").Server} server */
const serve = async (server) => `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}`;

/**
 * Lighthouse on every page of LIGHTHOUSE_ROUTES, mobile and desktop, `runs` times each, then the
 * host's floor page (./floor-page.js) as many times on mobile.
 * @param {string} base
 * @param {number} runs
 */
async function measureLighthouse(base, runs) {
  const lighthouseRunner = await startLighthouse();
  const lighthouse = [];
  /** Every run with a layout shift, and what moved. @type {{ path: string, preset: string, run: number, cls: number, shifts: object[] }[]} */
  const shifted = [];
  /** The slowest mobile run of all pages, with Lighthouse's breakdown of its LCP. @type {Record<string, any> | null} */
  let worstLcp = null;
  /** @type {number[]} */
  const benchmarkIndexes = [];
  for (const path of LIGHTHOUSE_ROUTES) {
    for (const preset of /** @type {const} */ (["mobile", "desktop"])) {
      /** @type {Record<string, number>[]} */
      const figures = [];
      for (let run = 1; run <= runs; run++) {
        const result = await lighthouseRunner.run(base + path, preset);
        figures.push(result.figures);
        benchmarkIndexes.push(result.benchmarkIndex);
        if (preset === "mobile" && (!worstLcp || result.figures.lcp > worstLcp.lcp))
          worstLcp = { path, run, lcp: result.figures.lcp, ...result.lcpBreakdown };
        if (result.figures.cls > 0) shifted.push({ path, preset, run, cls: result.figures.cls, shifts: result.shifts });
      }
      lighthouse.push({ path, preset, figures: summarise(figures) });
    }
  }
  const floorPage = await floorPageDir();
  const floorServer = await createStaticServer(floorPage.dir);
  const floorUrl = `${await serve(floorServer)}/`;
  /** @type {Record<string, number>[]} */
  const floorRuns = [];
  for (let run = 0; run < runs; run++) floorRuns.push((await lighthouseRunner.run(floorUrl, "mobile")).figures);
  await closeServer(floorServer);
  await floorPage.remove();
  await lighthouseRunner.stop();
  const floor = { mobile: summarise(floorRuns), benchmarkIndex: medianAndWorst(benchmarkIndexes, "low") };
  return { lighthouse, worstLcp, shifted, floor };
}

/**
 * Measures the parts asked for and returns the report (what ./report.js prints).
 * @param {{ runs: number, only?: string[], log: (text: string) => void }} options
 */
export async function runBench({ runs, only = BENCH_PARTS, log }) {
  const want = (/** @type {string} */ part) => only.includes(part);
  let builds = null;
  if (want("builds")) {
    log("building: fresh, then warm");
    builds = await measureBuilds();
  }

  let scale = null;
  if (want("scale")) {
    log(`the site build with ${SCALE_TOWNS.join(", ")} towns, cold and warm`);
    scale = await measureScale({ log });
  }

  const inBrowser = ["pages", "lighthouse", "embed"].some(want);
  if (inBrowser && !existsSync(`${DIST}index.html`))
    throw new Error('No build in dist/: run "npm run build" first, or the bench with its builds.');
  const server = inBrowser ? await createStaticServer(DIST) : null;
  const site = server ? await serve(server) : "";
  const browser = inBrowser ? await launchChromium() : null;

  /** @type {Record<string, object> | null} */
  let pages = null;
  if (browser && want("pages")) {
    log(`page bytes and requests for ${ALL_ROUTES.length} pages`);
    pages = {};
    for (const path of ALL_ROUTES) pages[path] = await measurePageBytes(browser, site + path);
  }

  let lighthouse = null;
  if (browser && want("lighthouse")) {
    log(`Lighthouse: ${LIGHTHOUSE_ROUTES.length} pages x mobile and desktop x ${runs} runs, and the host's floor page`);
    lighthouse = await measureLighthouse(site, runs);
  }

  let embed = null;
  if (browser && want("embed")) {
    log("partner embed");
    embed = await measureEmbed(browser, site);
  }
  const chromium = browser ? browser.version() : null;
  await browser?.close();
  if (server) await closeServer(server);

  let api = null;
  if (want("api")) {
    log("the function under load (npm run bench:api), on PGlite, on PostgreSQL 15, and through a transaction pooler");
    api = {
      pglite: await runApiLoad(),
      postgres15: await runApiLoad({ database: "postgres15" }),
      pooler: await runApiLoad({ database: "postgres15", pooler: true }),
    };
    for (const run of Object.values(api)) if (!run.nothingLost) throw new Error(`bench:api lost requests: ${JSON.stringify(run)}`);
  }

  return {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model ?? "unknown",
      cpus: cpus().length,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.versions.node,
      chromium,
    },
    parts: only,
    partial: only.length < BENCH_PARTS.length,
    lighthouseRuns: runs,
    builds,
    scale,
    pages,
    ...(lighthouse ?? { lighthouse: null }),
    embed,
    api,
  };
}
