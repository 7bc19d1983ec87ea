// Builds the widgets and the site against a given backend (what `npm run build` does, with
// SITE_BACKEND_URL set), optionally into other folders so a test's copy leaves dist/ alone.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The two build steps of `npm run build`, as Node arguments. */
export const BUILD_STEPS = {
  widgets: [`${ROOT}scripts/build-widgets.js`],
  site: [`${ROOT}scripts/build-site.js`, "--quiet"],
};

/**
 * Runs one build step with extra environment; throws with its output if it fails.
 * @param {keyof typeof BUILD_STEPS} step
 * @param {Record<string, string>} [env]
 * @param {{ quiet?: boolean }} [options]
 */
export function runBuildStep(step, env = {}, { quiet = true } = {}) {
  const run = spawnSync(process.execPath, BUILD_STEPS[step], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: quiet ? "pipe" : "inherit",
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`Build step failed: ${step}\n${run.stdout ?? ""}${run.stderr ?? ""}`);
}

/**
 * Runs the widget build, then the site build.
 * @param {string} backendUrl
 * @param {{ siteDir?: string, widgetsDir?: string, quiet?: boolean }} [options]
 */
export function buildAgainst(backendUrl, { siteDir, widgetsDir, quiet = true } = {}) {
  /** @type {Record<string, string>} */
  const env = { SITE_BACKEND_URL: backendUrl };
  if (siteDir) env.SITE_OUTPUT_DIR = siteDir;
  if (widgetsDir) env.WIDGETS_OUTPUT_DIR = widgetsDir;
  runBuildStep("widgets", env, { quiet });
  runBuildStep("site", env, { quiet });
}
