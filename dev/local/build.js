// Builds the widgets and the site against a given backend (what `npm run build` does, with
// SITE_BACKEND_URL set), optionally into other folders so a test's copy leaves dist/ alone.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The two build steps of `npm run build`, as Node arguments. */
export const BUILD_STEPS = {
  widgets: [`${ROOT}scripts/build-widgets.js`],
  site: [`${ROOT}scripts/build-site.js`, "--quiet"],
};

/**
 * Runs one build step with extra environment; rejects with its output if it fails. Asynchronous, so a
 * server in the same process (the local stack's site, while it rebuilds) keeps answering.
 * @param {keyof typeof BUILD_STEPS} step
 * @param {Record<string, string>} [env]
 * @param {{ quiet?: boolean }} [options]
 * @returns {Promise<void>}
 */
export function runBuildStep(step, env = {}, { quiet = true } = {}) {
  const child = spawn(process.execPath, BUILD_STEPS[step], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: quiet ? "pipe" : "inherit",
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`Build step failed: ${step}\n${output}`))));
  });
}

/**
 * Runs the widget build, then the site build.
 * @param {string} backendUrl
 * @param {{ siteDir?: string, widgetsDir?: string, quiet?: boolean }} [options]
 */
export async function buildAgainst(backendUrl, { siteDir, widgetsDir, quiet = true } = {}) {
  /** @type {Record<string, string>} */
  const env = { SITE_BACKEND_URL: backendUrl };
  if (siteDir) env.SITE_OUTPUT_DIR = siteDir;
  if (widgetsDir) env.WIDGETS_OUTPUT_DIR = widgetsDir;
  await runBuildStep("widgets", env, { quiet });
  await runBuildStep("site", env, { quiet });
}
