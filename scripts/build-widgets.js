// `npm run build:widgets [-- --force]`: the widget build, skipped when its inputs have not changed
// (dev/widgets-build.js).
import { buildWidgets } from "../dev/widgets-build.js";
import { SITE_OUTPUT_DIR } from "../site/_lib/build-paths.js";
import { stopOnContentErrors } from "./content-check.js";

// The widgets read business.yaml: a mistake there is told as content, not as a failed widget build.
stopOnContentErrors(SITE_OUTPUT_DIR);

const force = process.argv.includes("--force") || process.env.WIDGETS_FORCE_BUILD === "1";
if (buildWidgets({ force }) === "unchanged") console.log("widgets: unchanged since the last build, kept");
