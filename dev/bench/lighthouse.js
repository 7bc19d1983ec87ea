// Lighthouse 12 in Debian's Chromium (chrome-launcher, no downloaded browser): the performance
// category with the mobile default or the desktop preset.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium.js";
import { AUDITS, layoutShifts, lcpBreakdown } from "./lighthouse-audits.js";

/** Starts Chromium for Lighthouse; returns `run(url, preset)` (figures, the LCP breakdown, the layout shifts, the host's benchmark index) and `stop()`. */
export async function startLighthouse() {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS] });
  return {
    /**
     * @param {string} url
     * @param {"mobile" | "desktop"} preset
     * @returns {Promise<{ figures: Record<string, number>, lcpBreakdown: ReturnType<typeof lcpBreakdown>,
     *   shifts: ReturnType<typeof layoutShifts>, benchmarkIndex: number }>}
     */
    async run(url, preset, attempts = 3) {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
        preset === "desktop" ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse on ${url} returned nothing`);
      const { lhr } = result;
      // A failed recording (NO_NAVSTART on a busy machine) measured nothing: record again, a few times.
      if (lhr.runtimeError && attempts > 1) return this.run(url, preset, attempts - 1);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      /** @type {Record<string, number>} */
      const figures = { score: Math.round((lhr.categories.performance.score ?? 0) * 100) };
      for (const [name, id] of Object.entries(AUDITS)) figures[name] = /** @type {number} */ (lhr.audits[id].numericValue); // each of AUDITS is numeric
      // Lighthouse's own measure of the host's CPU (its docs: 1500-2000 for the high-end desktop its 4x slowdown assumes).
      return {
        figures,
        lcpBreakdown: lcpBreakdown(lhr),
        shifts: layoutShifts(lhr),
        benchmarkIndex: lhr.environment.benchmarkIndex,
      };
    },
    stop: () => chrome.kill(),
  };
}
