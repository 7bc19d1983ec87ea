// The function under a bounded load on loopback: send-contact-email under Deno with PGlite and a real
// SMTP server, then the "nothing lost" check: rows = accepted responses, e-mails = rows.
import postgres from "postgres";
import { startDatabase } from "../local/database.js";
import { localFunctionEnv } from "../local/function-env.js";
import { runFunction } from "../local/functions.js";
import { startSmtp } from "../local/mail-server.js";

/**
 * Sends `requests` quote requests from `connections` concurrent clients; returns the report.
 * @param {{ requests?: number, connections?: number }} [options]
 */
export async function runApiLoad({ requests: REQUESTS = 5000, connections: CONNECTIONS = 50 } = {}) {
  const database = await startDatabase({ port: 0 });
  let mails = 0;
  const smtp = await startSmtp({ smtpPort: 0, onMessage: () => mails++ });
  const fn = await runFunction(
    "send-contact-email",
    localFunctionEnv(
      { databaseUrl: database.url, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, siteUrl: "http://localhost:8080", poolMax: 1 },
      // The load comes from one address with one e-mail: the spam limits would (rightly) stop it.
      { RATE_LIMIT_PER_CLIENT: "1000000", RATE_LIMIT_PER_EMAIL: "1000000", RATE_LIMIT_PER_EMAIL_TOTAL: "1000000" },
    ),
  );

  const body = JSON.stringify({
    name: "Jens Hansen",
    phone: "12345678",
    email: "jens@example.dk",
    location: "Køge",
    message: "Belastningstest af tilbudsformularen.",
    elapsedMs: 60_000,
  });
  // A closed-loop load: CONNECTIONS workers, each sending its next request when the last one answered.
  const url = `http://127.0.0.1:${fn.port}/send-contact-email`;
  /** @type {number[]} */
  const latencies = [];
  /** @type {Record<number, number>} */
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
  await fn.stop();
  await smtp.stop();
  await database.stop();
  return report;
}
