// Build times: `npm run build` as on a fresh clone (no dist/, no .cache/) and warm (median of several
// runs). How the build grows with the number of towns is the `scale` part (./scale.js).
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runBuildStep } from "../local/build.js";
import { median } from "./stats.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Milliseconds of one build step. */
async function timed(/** @type {"widgets" | "site"} */ step) {
  const started = performance.now();
  await runBuildStep(step);
  return performance.now() - started;
}

/** Times the builds; leaves a normal build in dist/. */
export async function measureBuilds({ runs = 3 } = {}) {
  // A fresh clone has neither the output nor the caches (widget build, share images, compressed files).
  await rm(join(ROOT, "dist"), { recursive: true, force: true });
  await rm(join(ROOT, ".cache"), { recursive: true, force: true });
  const fresh = (await timed("widgets")) + (await timed("site"));
  const warm = [];
  for (let run = 0; run < runs; run++) warm.push((await timed("widgets")) + (await timed("site")));
  return { freshMs: fresh, warmMs: { median: median(warm), runs: warm } };
}
