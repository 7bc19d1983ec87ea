import { readAssets } from "../../_lib/assets.js";

/** Rewrites every reference to a file of site/assets/ (`/assets/logo.svg`) to its content-hashed name. */
export function hashedAssets(content) {
  if (!this.page.outputPath?.endsWith?.(".html")) return content;
  return readAssets().reduce((html, { path, hashedPath }) => html.replace(new RegExp(`${path.replace(/[.]/g, "\\.")}(?![\\w.-])`, "g"), hashedPath), content);
}
