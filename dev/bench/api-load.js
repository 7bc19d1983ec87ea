// The function under a bounded load on loopback: send-contact-email under Deno with PGlite (what
// `npm start` runs) or PostgreSQL 15 (what Supabase runs) and a real SMTP server, then the "nothing lost"
// check once the mail queue has drained: rows = accepted answers, e-mails = rows. With the CPU each part
// used, since the load generator, Deno, the database and the mail server share this machine's cores.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { startDatabase } from "../local/database.js";
import { startTransactionPooler } from "../local/pgbouncer.js";
import { startPostgres15 } from "../local/postgres15.js";
import { localFunctionEnv } from "../local/function-env.js";
import { runFunction } from "../local/functions.js";
import { startSmtp } from "../local/mail-server.js";

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(/** @type {number} */ pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks of 1/100 s
  } catch {
    return 0;
  }
}

/** A PostgreSQL server's processes: the postmaster and every backend it started. */
function postgresPids(/** @type {string} */ url) {
  const port = new URL(url).port;
  // The oldest process whose command line names the port: the postmaster (pgrep -o), not this shell.
  const postmaster = execFileSync("pgrep", ["-o", "-f", `postgres .*-p ${port}`], { encoding: "utf8" }).trim();
  if (!postmaster) return [];
  const children = execFileSync("sh", ["-c", `pgrep -P ${postmaster} || true`], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  return [postmaster, ...children].map(Number);
}

/**
 * Sends `requests` quote requests from `connections` concurrent clients to the function on `database`
 * ("pglite" or "postgres15"; with `pooler`, the function reaches PostgreSQL 15 through pgbouncer in
 * transaction mode, as it reaches Supabase's through Supavisor); returns the report.
 * @param {{ requests?: number, connections?: number, database?: "pglite" | "postgres15", pooler?: boolean }} [options]
 */
export async function runApiLoad({
  requests: REQUESTS = 5000,
  connections: CONNECTIONS = 50,
  database: kind = "pglite",
  pooler: throughPooler = false,
} = {}) {
  if (throughPooler && kind !== "postgres15") throw new Error("the transaction pooler stands in front of PostgreSQL 15: add --postgres15");
  const database = kind === "postgres15" ? await startPostgres15() : { ...(await startDatabase({ port: 0 })), poolMax: 1, name: "PGlite" };
  const pooler = throughPooler ? await startTransactionPooler(database.url) : null;
  let mails = 0;
  let receipts = 0;
  // The firm's e-mails carry X-Quote-Request-Id; the customers' receipts, sent after them, do not.
  const firmsMail = /^X-Quote-Request-Id:/im;
  const smtp = await startSmtp({ smtpPort: 0, onMessage: (raw) => (firmsMail.test(raw.toString("latin1")) ? mails++ : receipts++) });
  const fn = await runFunction(
    "send-contact-email",
    localFunctionEnv(
      {
        databaseUrl: pooler?.url ?? database.url,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        siteUrl: "http://localhost:8080",
        poolMax: database.poolMax,
      },
      // The load comes from one address with one e-mail: the spam limits would (rightly) stop it.
      { RATE_LIMIT_PER_CLIENT: "1000000", RATE_LIMIT_PER_EMAIL: "1000000", RATE_LIMIT_PER_EMAIL_TOTAL: "1000000" },
    ),
  );

  // Every request from another visitor (its own address and e-mail), as real traffic is: one visitor's
  // requests are taken one at a time (the rate limits' locks), which would measure the locks, not the function.
  const body = (/** @type {number} */ n) =>
    JSON.stringify({
      name: "Jens Hansen",
      phone: "12345678",
      email: `kunde${n}@example.dk`,
      location: "Køge",
      message: "Belastningstest af tilbudsformularen.",
      elapsedMs: 60_000,
    });
  const visitor = (/** @type {number} */ n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  // A closed-loop load: CONNECTIONS workers, each sending its next request when the last one answered.
  const url = `http://127.0.0.1:${fn.port}/send-contact-email`;
  /** @type {number[]} */
  const latencies = [];
  /** @type {Record<number, number>} */
  const statuses = {};
  let errors = 0;
  let next = 0;
  // CPU used during the load: Deno (the function), the database (PostgreSQL's processes; PGlite runs in
  // this process), and this process (the load generator and the SMTP server, and PGlite).
  // The database's backends are sampled at the end too: the function opens its connections during the load.
  const databaseCpu = () => new Map(kind === "postgres15" ? postgresPids(database.url).map((pid) => [pid, cpuSeconds(pid)]) : []);
  const cpu = () => ({ deno: cpuSeconds(fn.pid ?? 0), database: databaseCpu(), node: process.cpuUsage() });
  const cpuBefore = cpu();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < REQUESTS) {
        const n = next++;
        const t0 = performance.now();
        try {
          const response = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": visitor(n) },
            body: body(n),
          });
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
  const cpuAfter = cpu();
  const nodeCpu = process.cpuUsage(cpuBefore.node);
  const share = (/** @type {number} */ cpuSecondsUsed) => Math.round((cpuSecondsUsed / seconds) * 100) / 100;
  /** Cores each part kept busy during the load, on average (2 = both cores of this machine). */
  const coresBusy = {
    deno: share(cpuAfter.deno - cpuBefore.deno),
    database:
      kind === "postgres15"
        ? share([...cpuAfter.database].reduce((sum, [pid, seconds]) => sum + seconds - (cpuBefore.database.get(pid) ?? 0), 0))
        : "in the bench's own process",
    benchProcess: share((nodeCpu.user + nodeCpu.system) / 1e6),
  };
  latencies.sort((a, b) => a - b);
  const percentile = (/** @type {number} */ p) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] * 10) / 10;

  // The function e-mails after answering: "nothing lost" is judged once the mail queue has drained (no
  // row waiting for its first attempt or being sent), or after a minute of no progress.
  const sql = postgres(database.url, { prepare: false, max: 1 });
  const count = async () =>
    (
      await sql`select count(*)::int as rows, count(*) filter (where notification_status = 'sent')::int as sent,
        count(*) filter (where notification_status = 'sending' or (notification_status = 'pending' and attempts = 0))::int as waiting
        from quote_requests`
    )[0];
  let counts = await count();
  for (let still = 0; counts.waiting > 0 && still < 600; still++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await count();
    if (next.waiting < counts.waiting) still = 0;
    counts = next;
  }
  const { rows, sent } = counts;
  await sql.end();
  const accepted = statuses[200] ?? 0;
  const report = {
    date: new Date().toISOString(),
    database: pooler ? `${database.name} through pgbouncer (pool_mode = transaction)` : database.name,
    requests: REQUESTS,
    connections: CONNECTIONS,
    statuses,
    accepted,
    errors,
    seconds: Math.round(seconds * 10) / 10,
    requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    acceptedPerSecond: Math.round((accepted / seconds) * 10) / 10,
    coresBusy,
    latencyMs: { p50: percentile(50), p95: percentile(95), p99: percentile(99), max: percentile(100) },
    rows,
    mailsSent: sent,
    mailsReceived: mails,
    receiptsReceived: receipts,
    nothingLost: rows === accepted && mails === rows && sent === rows,
  };
  await fn.stop();
  await smtp.stop();
  await pooler?.stop();
  await database.stop();
  return report;
}
