// Small statistics and byte counting for the bench report.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** @typedef {{ raw: number, gzip: number, brotli: number }} Sizes */

/**
 * The median of numbers.
 * @param {number[]} values
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Median and worst of runs; `worse` says which direction is worse ("high" for times, "low" for scores). */
export const medianAndWorst = (/** @type {number[]} */ values, /** @type {"high" | "low"} */ worse = "high") => ({
  median: median(values),
  worst: worse === "high" ? Math.max(...values) : Math.min(...values),
  runs: values,
});

/**
 * Median and worst of each figure of a list of runs (the lowest score is the worst, else the highest).
 * @param {Record<string, number>[]} runs
 */
export function summarise(runs) {
  return Object.fromEntries(
    Object.keys(runs[0]).map((key) => [
      key,
      medianAndWorst(
        runs.map((run) => run[key]),
        key === "score" ? "low" : "high",
      ),
    ]),
  );
}

/**
 * Raw, gzip (-9) and brotli (11) sizes of bytes, as a server would send them compressed.
 * @param {Buffer | Uint8Array | string} bytes
 * @returns {Sizes}
 */
export function byteSizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Adds size objects together. */
export const addSizes = (/** @type {Sizes} */ a, /** @type {Sizes} */ b) => ({
  raw: a.raw + b.raw,
  gzip: a.gzip + b.gzip,
  brotli: a.brotli + b.brotli,
});
export const NO_BYTES = { raw: 0, gzip: 0, brotli: 0 };
