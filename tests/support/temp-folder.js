// A temporary folder for one test, removed when the test has finished, passed or not: a suite that
// runs many times a day on one machine must not leave its files behind.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

/**
 * Makes a folder under the system's temporary folder, named from `prefix`, for the running test.
 * @param {string} prefix
 */
export function testFolder(prefix) {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}
