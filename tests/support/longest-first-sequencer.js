// The order in which Vitest hands test files to its workers. The run ends when the last file does, so
// the longest files must not start last. Vitest knows the durations only from an earlier run on the
// same machine; on a fresh clone (CI) it starts the larger files first, and some of the longest files
// are small (a few tests over every page), so they started last and the run waited minutes for them
// alone. The long files are browser files that keep both cores busy; the short ones mostly wait (for a
// database to start, a function to answer). So the first long files start with the short ones beside
// them, which fill the cores while those wait, and the run ends with the other long files, which keep
// the cores busy to the end. The order changes how long the run takes, never what it runs.
import { BaseSequencer } from "vitest/node";

/**
 * A sequencer that starts the first `alongside` files of `longest` (paths from the repository's root,
 * in the order they should start), then every file not named (as Vitest would order them: longest first when it has
 * timings, else largest), then the rest of `longest`.
 * @param {string[]} longest
 * @param {{ alongside: number }} options
 */
export function longestFirst(longest, { alongside }) {
  return class LongestFirstSequencer extends BaseSequencer {
    /** @param {import("vitest/node").TestSpecification[]} files */
    async sort(files) {
      const rank = (/** @type {import("vitest/node").TestSpecification} */ file) => {
        const index = longest.findIndex((path) => file.moduleId.endsWith(`/${path}`));
        if (index < 0) return alongside;
        return index < alongside ? index : index + 1;
      };
      const sorted = await super.sort(files);
      // Array.prototype.sort is stable: the files not named keep Vitest's own order.
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
