// `npm run build:site`: checks the firm's content first (a mistake is told in Danish, in a few lines,
// naming file, entry and field), then builds the site beside dist/ and swaps it in only when the whole
// build succeeded. A failed build leaves the previous dist/ as it was.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SITE_OUTPUT_DIR } from "../site/_lib/build-paths.js";
import { examplesNotice } from "../site/_lib/examples.js";
import { staleReviewsNotice } from "../site/_lib/review-age.js";
import { discardStaging, prepareStaging, swapIn } from "../site/_lib/staged-build.js";
import { keptMessage, stopOnContentErrors } from "./content-check.js";

const ELEVENTY = fileURLToPath(new URL("../node_modules/@11ty/eleventy/cmd.cjs", import.meta.url));

stopOnContentErrors(SITE_OUTPUT_DIR);

const staging = await prepareStaging(SITE_OUTPUT_DIR);
const run = spawnSync(process.execPath, [ELEVENTY, ...process.argv.slice(2)], {
  env: { ...process.env, SITE_OUTPUT_DIR: staging },
  stdio: "inherit",
});
if (run.status !== 0) {
  await discardStaging(SITE_OUTPUT_DIR);
  console.error(`\n${keptMessage(SITE_OUTPUT_DIR)}`);
  process.exit(1);
}
await swapIn(staging, SITE_OUTPUT_DIR);
// The build succeeds with examples (the project ships them), and says what is left to replace; and with
// old reviews, saying when the newest is more than a year old.
for (const notice of [examplesNotice(), staleReviewsNotice()]) if (notice) console.log(notice);
