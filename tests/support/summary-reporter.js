// Prints one plain closing line, "N passed, N failed" (and skipped), that any CI log reader understands.
/** @implements {Pick<import("vitest/node").Reporter, "onTestRunEnd">} */
export default class SummaryReporter {
  /** @param {ReadonlyArray<import("vitest/node").TestModule>} testModules */
  onTestRunEnd(testModules) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        counts[state === "passed" ? "passed" : state === "failed" ? "failed" : "skipped"] += 1;
      }
    }
    console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
