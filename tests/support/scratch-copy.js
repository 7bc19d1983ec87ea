// A copy of the repository in a temporary folder, for the tests that change the firm's content and
// build it as the firm's edits would be built: the parts a build reads, the installed packages linked,
// the photos of the main build kept (content-hashed, the same for every build), and optionally a git
// repository with one commit, for the CMS's backend to save into.
import { execFile, execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { WIDGETS_OUTPUT_DIR } from "../../site/_lib/build-paths.js";
import { DIST } from "./site.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** What a site build reads. */
export const BUILD_INPUTS = [
  "site",
  "widgets",
  "supabase",
  "scripts",
  "dev",
  "operator",
  "eleventy.config.js",
  "package.json",
  ".gitignore",
];

/**
 * Makes the copy; returns its folder.
 * @param {string} prefix the temporary folder's name
 * @param {{ entries?: string[], git?: boolean }} [options] `git`: a repository on `main` with everything committed
 */
export function scratchCopy(prefix, { entries = BUILD_INPUTS, git = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of entries) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  cpSync(join(DIST, "img"), join(dir, "dist/img"), { recursive: true });
  if (git) {
    // The link is not a folder, which the repository's "node_modules/" rule would match.
    appendFileSync(join(dir, ".gitignore"), "node_modules\n");
    const run = (/** @type {string[]} */ ...args) => execFileSync("git", args, { cwd: dir });
    run("init", "-q", "-b", "main");
    run("config", "user.name", "Test");
    run("config", "user.email", "test@example.dk");
    run("add", ".");
    run("commit", "-q", "-m", "Start");
  }
  return dir;
}

/**
 * `npm run build:site` in the copy, with the widget build the main build made and extra environment;
 * resolves to its exit code and output.
 * @param {string} dir
 * @param {Record<string, string>} [env]
 */
export async function buildCopy(dir, env = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["scripts/build-site.js", "--quiet"], {
      cwd: dir,
      env: { ...process.env, WIDGETS_OUTPUT_DIR, DEBUG: "", ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (/** @type {any} */ error) {
    return { code: error.code, output: `${error.stdout}${error.stderr}` };
  }
}
