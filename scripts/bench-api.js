// `npm run bench:api`: a bounded load on loopback against send-contact-email under Deno, with PGlite and
// a real SMTP server, then the "nothing lost" check: rows = accepted responses, e-mails = rows.
// A report, not a test: timings vary with the machine. Writes bench/results/api-<time>.json.
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { startDatabase } from "./local/database.js";
import { runFunction } from "./local/functions.js";
import { startSmtp } from "./local/mail-server.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const OUT = fileURLToPath(new URL("../bench/results/", import.meta.url));

const database = await startDatabase({ port: 0 });
let mails = 0;
const smtp = await startSmtp({ smtpPort: 0, onMessage: () => mails++ });
const fn = await runFunction("send-contact-email", {
  SUPABASE_DB_URL: database.url,
  DB_POOL_MAX: "1",
  SITE_URL: "http://localhost:8080",
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  MAIL_FROM: "Hjemmesiden <hjemmeside@eksempel-el.example>",
  MAIL_TO: "kontakt@eksempel-el.example",
  BUSINESS_PHONE: "12 34 56 78",
  IP_HASH_SALT: "bench-salt-0123456789abcdef",
  CRON_SECRET: "bench-cron-secret-0123456789",
  // The load comes from one address with one e-mail: the spam limits would (rightly) stop it.
  RATE_LIMIT_PER_CLIENT: "1000000",
  RATE_LIMIT_PER_EMAIL: "1000000",
});

const body = JSON.stringify({
  name: "Jens Hansen",
  phone: "12345678",
  email: "jens@example.dk",
  location: "Køge",
  message: "Belastningstest af tilbudsformularen.",
});
// A closed-loop load: CONNECTIONS workers, each sending its next request when the last one answered.
const url = `http://127.0.0.1:${fn.port}/send-contact-email`;
const latencies = [];
const statuses = {};
let errors = 0;
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (next < REQUESTS) {
      next++;
      const t0 = performance.now();
      try {
        const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const percentile = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] * 10) / 10;

const sql = postgres(database.url, { prepare: false, max: 1 });
const [{ rows, sent }] = await sql`select count(*)::int as rows, count(*) filter (where notification_status = 'sent')::int as sent from quote_requests`;
await sql.end();
const accepted = statuses[200] ?? 0;
const report = {
  date: new Date().toISOString(),
  requests: REQUESTS,
  connections: CONNECTIONS,
  statuses,
  accepted,
  errors,
  seconds: Math.round(seconds * 10) / 10,
  requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
  latencyMs: { p50: percentile(50), p95: percentile(95), p99: percentile(99), max: percentile(100) },
  rows,
  mailsSent: sent,
  mailsReceived: mails,
  nothingLost: rows === accepted && mails === rows && sent === rows,
};
await mkdir(OUT, { recursive: true });
await writeFile(`${OUT}api-${report.date.replace(/[:.]/g, "-")}.json`, JSON.stringify(report, null, 2));
console.log(JSON.stringify(report, null, 2));

await fn.stop();
await smtp.stop();
await database.stop();
process.exit(report.nothingLost ? 0 : 1);
