// `npm run bench [-- --only PARTS]`: builds the project and measures it (dev/bench/run.js), writing a
// report (Markdown for people, JSON for tools) into bench/results/ and printing the Markdown. Not a
// test: timings are noisy. `--only lighthouse` (or any comma-separated list of builds, pages,
// lighthouse, embed, api) runs those parts alone, on the existing dist/ when the builds are left out.
// What each part measures and the goals: docs/bench.md. Loopback only.
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { toMarkdown } from "../dev/bench/report.js";
import { BENCH_PARTS, runBench } from "../dev/bench/run.js";

const OUT = fileURLToPath(new URL("../bench/results/", import.meta.url));
const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1]?.split(",") : BENCH_PARTS;
if (!only?.length || only.some((part) => !BENCH_PARTS.includes(part)))
  throw new Error(`--only takes a comma-separated list of ${BENCH_PARTS.join(", ")}`);
const log = (/** @type {string} */ text) => process.stderr.write(`[bench] ${text}\n`);

const report = await runBench({ runs: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3), only, log });
await mkdir(OUT, { recursive: true });
const stamp = report.date.replace(/[:.]/g, "-");
const markdown = toMarkdown(report);
await writeFile(`${OUT}bench-${stamp}.json`, JSON.stringify(report, null, 2));
await writeFile(`${OUT}bench-${stamp}.md`, markdown);
console.log(markdown);
log(`written: bench/results/bench-${stamp}.md and .json`);
