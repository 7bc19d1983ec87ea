// Build times: `npm run build` as on a fresh clone (no dist/, no .cache/) and warm (median of several
// runs), and how the site build grows with the number of areas: the site's own, then its areas
// repeated to about 160 and 1 600 (SITE_AREA_COPIES, site/_lib/load-data.js).
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runBuildStep } from "../local/build.js";
import { AREA_ROUTES } from "../site-routes.js";
import { median } from "./stats.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The site's area counts the bench builds beside its own: a region, and a whole country. */
const SCALED_AREAS = [160, 1600];

/** Milliseconds of one build step. */
function timed(/** @type {"widgets" | "site"} */ step, env = {}) {
  const started = performance.now();
  runBuildStep(step, env);
  return performance.now() - started;
}

async function countPages(/** @type {string} */ dir) {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => name.endsWith(".html")).length;
}

/** Times the builds (`scaled`: the area counts to build beside the site's own); leaves a normal build in dist/. */
export async function measureBuilds({ runs = 3, scaled = SCALED_AREAS } = {}) {
  // A fresh clone has neither the output nor the caches (widget build, share images, compressed files).
  await rm(join(ROOT, "dist"), { recursive: true, force: true });
  await rm(join(ROOT, ".cache"), { recursive: true, force: true });
  const fresh = timed("widgets") + timed("site");
  const warm = Array.from({ length: runs }, () => timed("widgets") + timed("site"));
  const site = Array.from({ length: runs }, () => timed("site"));
  const areas = AREA_ROUTES.length;
  const scaling = [{ areas, pages: await countPages(join(ROOT, "dist")), ms: median(site) }];
  for (const target of scaled) {
    const copies = Math.round(target / areas);
    const dir = await mkdtemp(join(tmpdir(), "elektriker-bench-build-"));
    // The photos are content-hashed and the same for every build: copy them instead of making them again.
    await cp(join(ROOT, "dist", "img"), join(dir, "img"), { recursive: true });
    const ms = timed("site", { SITE_AREA_COPIES: String(copies), SITE_OUTPUT_DIR: dir });
    scaling.push({ areas: areas * copies, pages: await countPages(dir), ms });
    await rm(dir, { recursive: true, force: true });
  }
  return {
    freshMs: fresh,
    warmMs: { median: median(warm), runs: warm },
    scaling: scaling.map((entry) => ({ ...entry, msPerPage: entry.ms / entry.pages })),
  };
}
