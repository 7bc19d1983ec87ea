// A build writes beside the site it replaces and swaps in only when it succeeded, so a failed build
// leaves the previous output whole (uploading dist/ after a failure still publishes the last good site).
import { cp, rename, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** The folder a build of `target` writes to first: beside it, so the swap is a rename on one disk. */
export const stagingDirOf = (/** @type {string} */ target) => join(dirname(resolve(target)), `.${basename(target)}-next`);

/**
 * Empties the staging folder and seeds it with the encoded images of the current output (named by
 * content, the costliest files to make again). Returns the staging folder.
 * @param {string} target
 */
export async function prepareStaging(target) {
  const staging = stagingDirOf(target);
  await rm(staging, { recursive: true, force: true });
  if (existsSync(join(target, "img"))) await cp(join(target, "img"), join(staging, "img"), { recursive: true });
  return staging;
}

/**
 * Puts a finished build in place of `target`, the old output moved aside first and removed after.
 * @param {string} staging
 * @param {string} target
 */
export async function swapIn(staging, target) {
  const old = `${stagingDirOf(target)}-old`;
  await rm(old, { recursive: true, force: true });
  if (existsSync(target)) await rename(target, old);
  await rename(staging, target);
  await rm(old, { recursive: true, force: true });
}

/** Removes what a failed build left in its staging folder. */
export const discardStaging = (/** @type {string} */ target) => rm(stagingDirOf(target), { recursive: true, force: true });
