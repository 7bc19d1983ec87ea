// How the site build grows with the firm: `npm run build:site` in a scratch copy of the repository
// whose areas.yaml holds 16, 160 and 1 600 towns (./scaled-towns.js), each built twice, cold (no
// .cache/ in the copy: every share image made) and warm (nothing changed), and the bytes of one area
// page at each count. The build itself knows nothing of the bench: it reads the copy's data as it reads
// the firm's. The widgets come from the repository's own widget build (run `npm run build` first).
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import { WIDGETS_OUTPUT_DIR } from "../../site/_lib/build-paths.js";
import { slugify } from "../../site/_lib/slug.js";
import { scaledTowns } from "./scaled-towns.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The town counts measured: the site's own size, a region, a whole country. */
export const SCALE_TOWNS = [16, 160, 1600];
/** What the site build reads: the copy holds these and nothing else. */
const BUILD_INPUTS = ["site", "widgets", "supabase", "scripts", "dev", "operator", "eleventy.config.js", "package.json"];

/** Milliseconds of `npm run build:site` in `dir`; throws with the build's output if it fails. */
function timedSiteBuild(/** @type {string} */ dir) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [join(dir, "scripts/build-site.js"), "--quiet"], {
    cwd: dir,
    env: { ...process.env, WIDGETS_OUTPUT_DIR, SITE_OUTPUT_DIR: "dist", DEBUG: "" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`The site build with many towns failed:\n${run.stdout}${run.stderr}`);
  return performance.now() - started;
}

const countPages = (/** @type {string} */ dist) =>
  readdirSync(dist, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".html")).length;

/**
 * The site build at each town count: cold and warm milliseconds, pages, warm ms per page, and the
 * bytes of the first town's area page.
 * @param {{ counts?: number[], log?: (text: string) => void }} [options]
 */
export async function measureScale({ counts = SCALE_TOWNS, log = () => {} } = {}) {
  if (!existsSync(join(WIDGETS_OUTPUT_DIR, "public")))
    throw new Error('No widget build in .cache/widgets: run "npm run build" first, or the bench with its builds.');
  const towns = YAML.parse(readFileSync(join(ROOT, "site/_data/areas.yaml"), "utf8"));
  const areaPage = `omraader/${slugify(towns[0].name)}.html`;
  const results = [];
  for (const count of counts) {
    const dir = mkdtempSync(join(tmpdir(), "elektriker-bench-scale-"));
    try {
      for (const entry of BUILD_INPUTS) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
      symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
      // The photos are content-hashed and the same at every count: copied, not encoded again.
      if (existsSync(join(ROOT, "dist/img"))) cpSync(join(ROOT, "dist/img"), join(dir, "dist/img"), { recursive: true });
      writeFileSync(join(dir, "site/_data/areas.yaml"), YAML.stringify(scaledTowns(towns, count)));
      log(`site build with ${count} towns: cold, then warm`);
      const coldMs = timedSiteBuild(dir);
      const warmMs = timedSiteBuild(dir);
      const pages = countPages(join(dir, "dist"));
      const areaPageBytes = readFileSync(join(dir, "dist", areaPage)).length;
      results.push({
        towns: count,
        pages,
        coldMs,
        warmMs,
        msPerPage: warmMs / pages,
        areaPage: `/${areaPage.replace(/\.html$/, "")}`,
        areaPageBytes,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return results;
}
