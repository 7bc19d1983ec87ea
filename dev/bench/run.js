// The whole bench (`npm run bench`): builds and their scaling, every page's bytes and requests,
// Lighthouse mobile and desktop, the partner embed's timing and the function under load. With
// `compare`, the byte and Lighthouse measurements also run against another site, alternating.
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../chromium.js";
import { closeServer, listen } from "../local/servers.js";
import { createStaticServer } from "../static-server.js";
import { runApiLoad } from "./api-load.js";
import { measureBuilds } from "./builds.js";
import { measureEmbed } from "./embed-timing.js";
import { startLighthouse } from "./lighthouse.js";
import { measurePageBytes } from "./page-bytes.js";
import { ratios } from "./report.js";
import { ALL_ROUTES, LIGHTHOUSE_ROUTES } from "./routes.js";
import { medianAndWorst } from "./stats.js";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));

/**
 * Measures everything and returns the report (what dev/bench/report.js prints).
 * @param {{ compare?: string, runs: number, log: (text: string) => void }} options
 */
export async function runBench({ compare, runs: RUNS, log }) {
  log("building (widgets and site, several times, then with 160 and 1 600 areas)");
  const builds = await measureBuilds();

  const server = await createStaticServer(DIST);
  const ours = `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}`;
  const browser = await launchChromium();

  log(`page bytes and requests for ${ALL_ROUTES.length} pages`);
  const pages = {};
  for (const path of ALL_ROUTES) {
    pages[path] = { ours: await measurePageBytes(browser, ours + path) };
    if (compare) pages[path].theirs = await measurePageBytes(browser, compare + path).catch(() => null);
  }

  log(
    `Lighthouse: ${LIGHTHOUSE_ROUTES.length} pages x mobile and desktop x ${RUNS} runs${compare ? ", alternating with the other site" : ""}`,
  );
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
        return Object.fromEntries(
          Object.keys(valid[0]).map((key) => [
            key,
            medianAndWorst(
              valid.map((entry) => entry[key]),
              key === "score" ? "low" : "high",
            ),
          ]),
        );
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
  const api = await runApiLoad();
  if (!api.nothingLost) throw new Error(`bench:api lost requests: ${JSON.stringify(api)}`);

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
    lighthouseRuns: RUNS,
    builds,
    pages,
    lighthouse,
    embed,
    api,
  };
  if (compare) report.ratios = ratios(report);
  return report;
}
