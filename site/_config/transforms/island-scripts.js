import { islandLoaderTag } from "../../_lib/island-loader.js";
import { islandScripts as scriptsByElement } from "../../_lib/widgets.js";

// A page's own external scripts (the 404 path logger, the partner page's demo and copy buttons).
const PAGE_SCRIPT = /<script(?: type="module")? src="([^"]+)"><\/script>\n?/g;

/**
 * Moves every script of a page behind the loader (site/_lib/island-loader.js), which requests them after
 * the first paint: the module of each island the page contains, and the page's own scripts. A page with
 * neither gets no script at all.
 */
export function islandScripts(content) {
  if (!this.page.outputPath?.endsWith?.(".html")) return content;
  const islands = Object.entries(scriptsByElement()).flatMap(([tag, src]) => (content.includes(`<${tag}`) ? [src] : []));
  const own = [...content.matchAll(PAGE_SCRIPT)].map((match) => match[1]);
  const needed = [...new Set([...islands, ...own])];
  if (!needed.length) return content;
  return content.replace(PAGE_SCRIPT, "").replace("</head>", `${islandLoaderTag(needed)}\n</head>`);
}
