// Starts the firm's CMS (config.yml beside this file is generated from the data files' schemas by the
// build). Decap CMS edits files whose root is an object; areas, services and reviews are lists at
// their root, so they are read and written through the "yaml-list" format as { items: [...] }.
// @ts-expect-error: the YAML library's browser build, copied beside this file by the build (site/_lib/admin.js).
import YAML from "./yaml/index.js";

const CMS = /** @type {any} */ (window).CMS;
CMS.registerCustomFormat("yaml-list", "yaml", {
  // A file that could not be read is an error, never an empty list: saving that would delete every entry.
  fromFile: (/** @type {unknown} */ text) => {
    const items = typeof text === "string" ? YAML.parse(text) : undefined;
    if (!Array.isArray(items)) throw new Error("Filen kunne ikke læses som en liste. Prøv at genindlæse siden.");
    return { items };
  },
  toFile: (/** @type {{ items?: unknown[] }} */ data) => YAML.stringify(data.items ?? []),
});
CMS.init();
