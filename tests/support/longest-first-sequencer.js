// The order in which Vitest hands test files to its workers. The run ends when the last file does, so
// the longest files must start first and the short ones fill the gaps at the end. Vitest knows the
// durations only from an earlier run on the same machine; on a fresh clone (CI) it starts the larger
// files first, and some of the longest files are small (a few tests over every page), so they started
// last and the run waited minutes for them alone. The order changes how long the run takes, never what
// it runs.
import { BaseSequencer } from "vitest/node";

/**
 * A sequencer that starts `first` (paths from the repository's root, in that order) before every other
 * file, then the rest as Vitest would order them (longest first when it has timings, else largest).
 * @param {string[]} first
 */
export function longestFirst(first) {
  return class LongestFirstSequencer extends BaseSequencer {
    /** @param {import("vitest/node").TestSpecification[]} files */
    async sort(files) {
      const rank = (/** @type {import("vitest/node").TestSpecification} */ file) => {
        const index = first.findIndex((path) => file.moduleId.endsWith(`/${path}`));
        return index < 0 ? first.length : index;
      };
      const sorted = await super.sort(files);
      // Array.prototype.sort is stable: the files not named keep Vitest's own order.
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
