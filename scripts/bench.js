// `npm run bench [-- --compare URL]`: builds the project and measures it, writing a report (Markdown for
// people, JSON for tools) into bench/results/ and printing the Markdown. Not a test: timings are noisy.
// With --compare, the byte and Lighthouse measurements also run against another site, alternating
// between the two, and the report gives ours/theirs ratios. Loopback only.
import { spawnSync } from "node:child_process";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { measureBuilds } from "./bench/builds.js";
import { measureEmbed } from "./bench/embed-timing.js";
import { startLighthouse } from "./bench/lighthouse.js";
import { measurePageBytes } from "./bench/page-bytes.js";
import { ratios, toMarkdown } from "./bench/report.js";
import { medianAndWorst } from "./bench/stats.js";
import { launchChromium } from "./chromium.js";
import { closeServer, listen } from "./local/servers.js";
import { createStaticServer } from "./static-server.js";
import { ALL_ROUTES, LIGHTHOUSE_ROUTES } from "./bench/routes.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const OUT = `${ROOT}bench/results/`;
const compareIndex = process.argv.indexOf("--compare");
const compare = compareIndex > 0 ? process.argv[compareIndex + 1]?.replace(/\/+$/, "") : undefined;
if (compareIndex > 0 && !compare) throw new Error("--compare needs a URL, for example --compare http://127.0.0.1:8081");
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const log = (text) => process.stderr.write(`[bench] ${text}\n`);

log("building (widgets and site, several times, then with 160 and 1 600 areas)");
const builds = await measureBuilds();

const server = await createStaticServer(`${ROOT}dist/`);
const ours = `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}`;
const browser = await launchChromium();

log(`page bytes and requests for ${ALL_ROUTES.length} pages`);
const pages = {};
for (const path of ALL_ROUTES) {
  pages[path] = { ours: await measurePageBytes(browser, ours + path) };
  if (compare) pages[path].theirs = await measurePageBytes(browser, compare + path).catch(() => null);
}

log(`Lighthouse: ${LIGHTHOUSE_ROUTES.length} pages x mobile and desktop x ${RUNS} runs${compare ? ", alternating with the other site" : ""}`);
const lighthouseRunner = await startLighthouse();
const lighthouse = [];
for (const path of LIGHTHOUSE_ROUTES) {
  for (const preset of ["mobile", "desktop"]) {
    /** @type {{ ours: object[], theirs: (object | null)[] }} */
    const runs = { ours: [], theirs: [] };
    for (let run = 0; run < RUNS; run++) {
      runs.ours.push(await lighthouseRunner.run(ours + path, preset));
      if (compare) runs.theirs.push(await lighthouseRunner.run(compare + path, preset).catch(() => null));
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

log("partner embed");
const embed = await measureEmbed(browser, ours);
const chromium = browser.version();
await browser.close();
await closeServer(server);

log("the function under load (npm run bench:api)");
const apiRun = spawnSync(process.execPath, [`${ROOT}scripts/bench-api.js`], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
if (apiRun.status !== 0) throw new Error("bench:api failed");
const apiFiles = (await readdir(OUT)).filter((name) => name.startsWith("api-")).sort();
const api = JSON.parse(await readFile(OUT + apiFiles.at(-1), "utf8"));

const report = {
  date: new Date().toISOString(),
  machine: { cpu: cpus()[0]?.model ?? "unknown", cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.versions.node, chromium },
  compare: compare ?? null,
  lighthouseRuns: RUNS,
  builds,
  pages,
  lighthouse,
  embed,
  api,
};
if (compare) report.ratios = ratios(report);
await mkdir(OUT, { recursive: true });
const stamp = report.date.replace(/[:.]/g, "-");
const markdown = toMarkdown(report);
await writeFile(`${OUT}bench-${stamp}.json`, JSON.stringify(report, null, 2));
await writeFile(`${OUT}bench-${stamp}.md`, markdown);
console.log(markdown);
log(`written: bench/results/bench-${stamp}.md and .json`);
