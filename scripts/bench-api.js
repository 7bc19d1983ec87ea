// `npm run bench:api [-- --postgres15 [--pooler]]`: a bounded load on the function with the "nothing
// lost" check (dev/bench/api-load.js; BENCH_REQUESTS, BENCH_CONNECTIONS), against PGlite as `npm start`
// runs it, or with --postgres15 against a PostgreSQL 15 cluster as Supabase runs it (--pooler: through
// pgbouncer in transaction mode, as the function reaches it through Supavisor). A report, not a test: timings
// vary with the machine. Writes bench/results/api-<time>.json and exits non-zero when anything was lost.
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { runApiLoad } from "../dev/bench/api-load.js";

const OUT = fileURLToPath(new URL("../bench/results/", import.meta.url));
const report = await runApiLoad({
  requests: Number(process.env.BENCH_REQUESTS ?? 5000),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  database: process.argv.includes("--postgres15") ? "postgres15" : "pglite",
  pooler: process.argv.includes("--pooler"),
});
await mkdir(OUT, { recursive: true });
await writeFile(`${OUT}api-${report.date.replace(/[:.]/g, "-")}.json`, JSON.stringify(report, null, 2));
console.log(JSON.stringify(report, null, 2));
process.exit(report.nothingLost ? 0 : 1);
