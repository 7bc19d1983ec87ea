// Builds the widgets and the site against a given backend (what `npm run build` does, with
// SITE_BACKEND_URL set), optionally into other folders so a test's copy leaves dist/ alone.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIN = { vite: `${ROOT}node_modules/vite/bin/vite.js`, eleventy: `${ROOT}node_modules/@11ty/eleventy/cmd.cjs` };

/** Runs the widget build, then the site build; throws if either fails. */
export function buildAgainst(backendUrl, { siteDir, widgetsDir, quiet = true } = {}) {
  const env = { ...process.env, SITE_BACKEND_URL: backendUrl };
  if (siteDir) env.SITE_OUTPUT_DIR = siteDir;
  if (widgetsDir) env.WIDGETS_OUTPUT_DIR = widgetsDir;
  const steps = [
    [BIN.vite, "build", "--config", "vite.widgets.config.ts"],
    [BIN.eleventy, ...(quiet ? ["--quiet"] : [])],
  ];
  for (const args of steps) {
    const run = spawnSync(process.execPath, args, { cwd: ROOT, env, stdio: quiet ? "pipe" : "inherit", encoding: "utf8" });
    if (run.status !== 0) throw new Error(`Build step failed: ${args.slice(0, 2).join(" ")}\n${run.stdout ?? ""}${run.stderr ?? ""}`);
  }
}
