// The first step of every build: the firm's content checked as the build will read it. A mistake stops
// the build before anything is written, told in Danish in a few lines (file, entry, field, what to write).
import { formatBuildError } from "../site/_lib/content-errors.js";
import { checkContent } from "../site/_lib/load-data.js";

/** The line that closes every failed build: what is online stays online. */
export const keptMessage = (/** @type {string} */ outputDir) =>
  `Bygningen stoppede: ${outputDir}/ er uændret, så det site, der er online nu, bliver ved med at virke.`;

/**
 * Exits the process with the content's errors, if it has any.
 * @param {string} outputDir
 */
export function stopOnContentErrors(outputDir) {
  const errors = checkContent();
  if (errors.length === 0) return;
  console.error(`${errors.map((error) => formatBuildError(error)).join("\n\n")}\n\n${keptMessage(outputDir)}`);
  process.exit(1);
}
