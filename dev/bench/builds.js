// Build times: `npm run build` as on a fresh clone (no dist/, no .cache/) and warm (median of several
// runs), the widget build forced and the site build alone, and how the site build grows with the number
// of pages (the areas repeated to about 160 and 1 600, SITE_AREA_COPIES).
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runBuildStep } from "../local/build.js";
import { median } from "./stats.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function timed(step, env = {}) {
  const started = performance.now();
  runBuildStep(step, env);
  return performance.now() - started;
}

async function countPages(dir) {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => name.endsWith(".html")).length;
}

/** Times the builds; leaves a normal build in dist/ for the page measurements. */
export async function measureBuilds({ runs = 3, copies = [10, 100] } = {}) {
  // A fresh clone has neither the output nor the caches (widget build, share images, compressed files).
  await rm(join(ROOT, "dist"), { recursive: true, force: true });
  await rm(join(ROOT, ".cache"), { recursive: true, force: true });
  const cold = timed("widgets") + timed("site");
  const warm = Array.from({ length: runs }, () => timed("widgets") + timed("site"));
  const widgets = Array.from({ length: runs }, () => timed("widgets", { WIDGETS_FORCE_BUILD: "1" }));
  const site = Array.from({ length: runs }, () => timed("site"));
  const scaling = [{ areas: 16, pages: await countPages(join(ROOT, "dist")), ms: median(site) }];
  for (const copy of copies) {
    const dir = await mkdtemp(join(tmpdir(), "elektriker-bench-build-"));
    // The photos are content-hashed and the same for every build: copy them instead of making them again.
    await cp(join(ROOT, "dist", "img"), join(dir, "img"), { recursive: true });
    const ms = timed("site", { SITE_AREA_COPIES: String(copy), SITE_OUTPUT_DIR: dir });
    scaling.push({ areas: 16 * copy, pages: await countPages(dir), ms });
    await rm(dir, { recursive: true, force: true });
  }
  return {
    coldMs: cold,
    warmMs: { median: median(warm), runs: warm },
    widgetsMs: { median: median(widgets), runs: widgets },
    siteMs: { median: median(site), runs: site },
    scaling: scaling.map((entry) => ({ ...entry, msPerPage: entry.ms / entry.pages })),
  };
}
