import { islandLoaderTag } from "../../_lib/island-loader.js";
import { islandScripts as scriptsByElement } from "../../_lib/widgets.js";

/** Adds to a page's <head> the loader of the module script of each island it contains, and nothing for the rest. */
export function islandScripts(content) {
  if (!this.page.outputPath?.endsWith?.(".html")) return content;
  const needed = new Set(Object.entries(scriptsByElement()).flatMap(([tag, src]) => (content.includes(`<${tag}`) ? [src] : [])));
  if (!needed.size) return content;
  return content.replace("</head>", `${islandLoaderTag([...needed])}\n</head>`);
}
