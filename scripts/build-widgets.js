// `npm run build:widgets [-- --force]`: the widget build, skipped when its inputs have not changed
// (dev/widgets-build.js).
import { buildWidgets } from "../dev/widgets-build.js";

const force = process.argv.includes("--force") || process.env.WIDGETS_FORCE_BUILD === "1";
if (buildWidgets({ force }) === "unchanged") console.log("widgets: unchanged since the last build, kept");
