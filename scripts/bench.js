// `npm run bench [-- --compare URL] [-- --only PARTS]`: builds the project and measures it, writing a report (Markdown for
// people, JSON for tools) into bench/results/ and printing the Markdown. Not a test: timings are noisy.
// With --compare, the byte and Lighthouse measurements also run against another site, alternating
// between the two, and the report gives ours/theirs ratios. `--only lighthouse` (or any comma-separated
// list of builds, pages, lighthouse, css, embed, api) runs those parts alone, on the existing dist/ when
// the builds are left out. Loopback only.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { measureBuilds } from "./bench/builds.js";
import { criticalCssCopy } from "./bench/critical-css.js";
import { measureEmbed } from "./bench/embed-timing.js";
import { startLighthouse } from "./bench/lighthouse.js";
import { measurePageBytes } from "./bench/page-bytes.js";
import { ratios, toMarkdown } from "./bench/report.js";
import { medianAndWorst } from "./bench/stats.js";
import { launchChromium } from "./chromium.js";
import { closeServer } from "./local/close-server.js";
import { createStaticServer } from "./static-server.js";
import { ALL_ROUTES, LIGHTHOUSE_ROUTES } from "./bench/routes.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const OUT = `${ROOT}bench/results/`;
const compareIndex = process.argv.indexOf("--compare");
const compare = compareIndex > 0 ? process.argv[compareIndex + 1]?.replace(/\/+$/, "") : undefined;
if (compareIndex > 0 && !compare) throw new Error("--compare needs a URL, for example --compare http://127.0.0.1:8081");
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const log = (text) => process.stderr.write(`[bench] ${text}\n`);
const PARTS = ["builds", "pages", "lighthouse", "css", "embed", "api"];
const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1]?.split(",") : PARTS;
if (!only?.length || only.some((part) => !PARTS.includes(part))) throw new Error(`--only takes a comma-separated list of ${PARTS.join(", ")}`);
const want = (part) => only.includes(part);

let builds = null;
if (want("builds")) {
  log("building (widgets and site, several times, then with 160 and 1 600 areas)");
  builds = await measureBuilds();
} else if (!existsSync(`${ROOT}dist/index.html`)) {
  throw new Error('No build in dist/: run "npm run build" first, or the bench with its builds.');
}

const server = await createStaticServer(`${ROOT}dist/`);
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const ours = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();

let pages = null;
if (want("pages")) {
  log(`page bytes and requests for ${ALL_ROUTES.length} pages`);
  pages = {};
  for (const path of ALL_ROUTES) {
    pages[path] = { ours: await measurePageBytes(browser, ours + path) };
    if (compare) pages[path].theirs = await measurePageBytes(browser, compare + path).catch(() => null);
  }
}

let lighthouse = null;
let worstLcp = null;
if (want("lighthouse")) {
  log(`Lighthouse: ${LIGHTHOUSE_ROUTES.length} pages x mobile and desktop x ${RUNS} runs${compare ? ", alternating with the other site" : ""}`);
  const lighthouseRunner = await startLighthouse();
  lighthouse = [];
  for (const path of LIGHTHOUSE_ROUTES) {
    for (const preset of ["mobile", "desktop"]) {
      const runs = { ours: [], theirs: [] };
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouseRunner.run(ours + path, preset);
        runs.ours.push(result.figures);
        // The slowest mobile run of all pages, with Lighthouse's breakdown of its LCP.
        if (preset === "mobile" && (!worstLcp || result.figures.lcp > worstLcp.lcp)) worstLcp = { path, run: run + 1, lcp: result.figures.lcp, ...result.lcpBreakdown };
        if (compare) runs.theirs.push(await lighthouseRunner.run(compare + path, preset).then((other) => other.figures).catch(() => null));
      }
      const summarise = (list) => {
        const valid = list.filter(Boolean);
        if (!valid.length) return null;
        return Object.fromEntries(Object.keys(valid[0]).map((key) => [key, medianAndWorst(valid.map((entry) => entry[key]), key === "score" ? "low" : "high")]));
      };
      lighthouse.push({ path, preset, ours: summarise(runs.ours), ...(compare ? { theirs: summarise(runs.theirs) } : {}) });
    }
  }
  await lighthouseRunner.stop();
}

// The whole stylesheet inline (what the build ships) against critical CSS per page, Lighthouse mobile,
// alternating between the two on every page and run.
let css = null;
if (want("css")) {
  log(`inline CSS: whole stylesheet against critical CSS, ${LIGHTHOUSE_ROUTES.length} pages x mobile x ${RUNS} runs, alternating`);
  const copy = await criticalCssCopy(`${ROOT}dist/`);
  const criticalServer = await createStaticServer(copy.dir);
  await new Promise((resolve) => criticalServer.listen(0, "127.0.0.1", resolve));
  const critical = `http://127.0.0.1:${criticalServer.address().port}`;
  const lighthouseRunner = await startLighthouse();
  const brotliBytes = async (dir, path) => (await readFile(`${dir}${path === "/" ? "index" : path.slice(1)}.html.br`)).length;
  css = [];
  for (const path of LIGHTHOUSE_ROUTES) {
    const runs = { whole: [], critical: [] };
    for (let run = 0; run < RUNS; run++) {
      runs.whole.push((await lighthouseRunner.run(ours + path, "mobile")).figures);
      runs.critical.push((await lighthouseRunner.run(critical + path, "mobile")).figures);
    }
    const summary = (list, htmlBrotli) => ({ htmlBrotli, ...Object.fromEntries(["score", "fcp", "lcp"].map((key) => [key, medianAndWorst(list.map((entry) => entry[key]), key === "score" ? "low" : "high")])) });
    css.push({ path, whole: summary(runs.whole, await brotliBytes(`${ROOT}dist/`, path)), critical: summary(runs.critical, await brotliBytes(`${copy.dir}/`, path)) });
  }
  await lighthouseRunner.stop();
  await closeServer(criticalServer);
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
  log("the function under load (npm run bench:api)");
  const apiRun = spawnSync(process.execPath, [`${ROOT}scripts/bench-api.js`], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (apiRun.status !== 0) throw new Error("bench:api failed");
  const apiFiles = (await readdir(OUT)).filter((name) => name.startsWith("api-")).sort();
  api = JSON.parse(await readFile(OUT + apiFiles.at(-1), "utf8"));
}

const report = {
  date: new Date().toISOString(),
  machine: { cpu: cpus()[0]?.model ?? "unknown", cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.versions.node, chromium },
  compare: compare ?? null,
  parts: only,
  lighthouseRuns: RUNS,
  builds,
  pages,
  lighthouse,
  worstLcp,
  css,
  embed,
  api,
};
if (compare && pages && lighthouse) report.ratios = ratios(report);
await mkdir(OUT, { recursive: true });
const stamp = report.date.replace(/[:.]/g, "-");
const markdown = toMarkdown(report);
await writeFile(`${OUT}bench-${stamp}.json`, JSON.stringify(report, null, 2));
await writeFile(`${OUT}bench-${stamp}.md`, markdown);
console.log(markdown);
log(`written: bench/results/bench-${stamp}.md and .json`);
