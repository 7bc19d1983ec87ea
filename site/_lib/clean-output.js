import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";

/**
 * Empties the output folder before a build, so no stale page or stylesheet is deployed; keeps img/,
 * whose files are named by content hash and cost the most to make again.
 * @param {string} dir
 * @param {string[]} [keep]
 */
export async function cleanOutput(dir, keep = ["img"]) {
  const entries = await readdir(dir).catch(() => []);
  await Promise.all(entries.filter((name) => !keep.includes(name)).map((name) => rm(join(dir, name), { recursive: true, force: true })));
}
