// `npm run bench:api [-- --postgres15 [--pooler]] [--photos [--burst]]`: a bounded load on the function with the "nothing
// lost" check (dev/bench/api-load.js; BENCH_REQUESTS, BENCH_CONNECTIONS), against PGlite as `npm start`
// runs it, or with --postgres15 against a PostgreSQL 15 cluster as Supabase runs it (--pooler: through
// pgbouncer in transaction mode, as the function reaches it through Supavisor). A report, not a test: timings
// vary with the machine. With --photos every request is the largest allowed (five photos, the plain form's
// path; BENCH_REQUESTS default 20, BENCH_CONNECTIONS 1: the cost of one such request), with the function's
// peak memory and CPU time per request; with --photos --burst, 16 such posts at once from one client, then from 16, and one
// plain request from another visitor (dev/bench/api-burst.js), with the peak memory above idle. Writes bench/results/api-<time>.json and exits non-zero when anything was lost.
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { runPhotoBurst } from "../dev/bench/api-burst.js";
import { runApiLoad } from "../dev/bench/api-load.js";

const OUT = fileURLToPath(new URL("../bench/results/", import.meta.url));
const photos = process.argv.includes("--photos");
const database = process.argv.includes("--postgres15") ? "postgres15" : "pglite";
if (photos && process.argv.includes("--burst")) {
  const burst = await runPhotoBurst({ database });
  await mkdir(OUT, { recursive: true });
  await writeFile(`${OUT}api-burst-${burst.date.replace(/[:.]/g, "-")}.json`, JSON.stringify(burst, null, 2));
  console.log(JSON.stringify(burst, null, 2));
  process.exit(burst.otherVisitorStatus === 200 && burst.denoMemoryMb.peakAboveIdle <= burst.denoMemoryMb.goalAboveIdle ? 0 : 1);
}
const report = await runApiLoad({
  requests: Number(process.env.BENCH_REQUESTS ?? (photos ? 20 : 5000)),
  connections: Number(process.env.BENCH_CONNECTIONS ?? (photos ? 1 : 50)),
  photos,
  database,
  pooler: process.argv.includes("--pooler"),
});
await mkdir(OUT, { recursive: true });
await writeFile(`${OUT}api-${photos ? "photos-" : ""}${report.date.replace(/[:.]/g, "-")}.json`, JSON.stringify(report, null, 2));
console.log(JSON.stringify(report, null, 2));
process.exit(report.nothingLost ? 0 : 1);
