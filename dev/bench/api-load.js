// The function under a bounded load on loopback: send-contact-email under Deno with PGlite (what
// `npm start` runs) or PostgreSQL 15 (what Supabase runs) and a real SMTP server, then the "nothing lost"
// check once the mail queue has drained: rows = accepted answers, e-mails = rows. With the CPU each part
// used, since the load generator, Deno, the database and the mail server share this machine's cores.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import postgres from "postgres";
import sharp from "sharp";
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

/** The most memory a process has held so far (VmHWM, its resident set's high-water mark), in MB (Linux). */
export function peakMemoryMb(/** @type {number} */ pid) {
  const kB = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Math.round(Number(kB ?? 0) / 1024);
}

/** A process's resident memory now (VmRSS), in MB (Linux). */
export function residentMemoryMb(/** @type {number} */ pid) {
  const kB = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Math.round(Number(kB ?? 0) / 1024);
}

/** Starts a new high-water mark: VmHWM is set back to VmRSS (writing 5 to clear_refs, Linux 4.0+). */
function resetPeakMemory(/** @type {number} */ pid) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/**
 * The median and the largest of each request's peak memory above the process before it (MB) and CPU
 * seconds, the first request apart: it also loads the code the later ones reuse.
 * @param {{ peakAboveMb: number, cpuSeconds: number }[]} requests
 */
function spread(requests) {
  const [first, ...rest] = requests;
  const of = (/** @type {"peakAboveMb" | "cpuSeconds"} */ key) => {
    const values = rest.map((request) => request[key]).sort((a, b) => a - b);
    return { first: first?.[key], median: values[Math.floor(values.length / 2)], max: values.at(-1) };
  };
  const cpu = of("cpuSeconds");
  const round = (/** @type {number | undefined} */ value) => (value === undefined ? value : Math.round(value * 100) / 100);
  return { peakAboveBeforeMb: of("peakAboveMb"), cpuSeconds: { first: round(cpu.first), median: round(cpu.median), max: round(cpu.max) } };
}

/** The memory Supabase gives a function ("Limits" in its Edge Functions docs). */
export const SUPABASE_MEMORY_MB = 256;

/** How many photos the largest request carries, and how large each is (5 x 3.1 MB: under the 15 MB cap). */
export const LARGEST = { photos: 5, bytes: 3_100_000 };

/**
 * A phone's photo as the plain form sends it: a JPEG of noise (which does not compress, as a photo's
 * detail does not), padded with a comment segment (metadata the function strips) to `bytes`.
 * @param {number} bytes
 */
export async function largePhoto(bytes) {
  const noise = { type: /** @type {const} */ ("gaussian"), mean: 128, sigma: 40 };
  const image = await sharp({ create: { width: 1700, height: 1700, channels: 3, background: "#888", noise } })
    .jpeg({ quality: 95 })
    .toBuffer();
  if (image.length > bytes) throw new Error(`the noise JPEG is ${image.length} bytes, over ${bytes}`);
  /** @type {Buffer[]} */
  const comments = [];
  for (let left = bytes - image.length; left > 0; ) {
    // A segment holds at most 65 533 bytes after its marker and length, and no less than nothing.
    const size = Math.max(0, Math.min(65_533, left - 4));
    const segment = Buffer.alloc(size + 4, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(size + 2, 2);
    comments.push(segment);
    left -= segment.length;
  }
  return Buffer.concat([image.subarray(0, 2), ...comments, image.subarray(2)]);
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
 * transaction mode, as it reaches Supabase's through Supavisor); returns the report. With `photos`,
 * each request is the largest one allowed, as the plain form (no JavaScript) posts it: multipart with
 * five photos of 3.1 MB (docs/quote-photos.md).
 * @param {{ requests?: number, connections?: number, database?: "pglite" | "postgres15", pooler?: boolean, photos?: boolean }} [options]
 */
export async function runApiLoad({
  requests: REQUESTS = 5000,
  connections: CONNECTIONS = 50,
  database: kind = "pglite",
  pooler: throughPooler = false,
  photos = false,
} = {}) {
  if (throughPooler && kind !== "postgres15") throw new Error("the transaction pooler stands in front of PostgreSQL 15: add --postgres15");
  const database = kind === "postgres15" ? await startPostgres15() : { ...(await startDatabase({ port: 0 })), poolMax: 1, name: "PGlite" };
  const pooler = throughPooler ? await startTransactionPooler(database.url) : null;
  let mails = 0;
  let receipts = 0;
  // The firm's e-mails carry X-Quote-Request-Id; the customers' receipts, sent after them, do not.
  const firmsMail = /^X-Quote-Request-Id:/im;
  /** @type {(() => void)[]} called on each of the firm's e-mails (the per-request measurement waits on them) */
  const onFirmsMail = [];
  const smtp = await startSmtp({
    smtpPort: 0,
    onMessage: (raw) => {
      if (!firmsMail.test(raw.toString("latin1"))) return receipts++;
      mails++;
      for (const notify of onFirmsMail.splice(0)) notify();
    },
  });
  /** Resolves once `count` of the firm's e-mails have arrived, or after a minute (the request is lost then). */
  const firmsMailArrived = (/** @type {number} */ count) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, 60_000);
      const check = () => {
        if (mails < count) return onFirmsMail.push(check);
        clearTimeout(timer);
        resolve(undefined);
      };
      check();
    });
  // With photos, Deno's JavaScript heap is held to Supabase's 256 MB per function (DENO_V8_FLAGS): the
  // run shows whether the largest requests fit, not how much a heap that may grow at will holds on to.
  // BENCH_HEAP_MB holds it lower, to see how much room the largest request leaves.
  const heapMb = Number(process.env.BENCH_HEAP_MB ?? SUPABASE_MEMORY_MB);
  const heapCap = photos ? { DENO_V8_FLAGS: `--max-old-space-size=${heapMb}` } : {};
  /** @type {Record<string, number>} the function's warnings and errors by event, with a reason where it gives one */
  const problems = {};
  const onOutput = (/** @type {string} */ _name, /** @type {string} */ text) => {
    for (const line of text.split("\n")) {
      if (!/"level":"(warn|error)"/.test(line)) continue;
      const { event, reason, errorName } = JSON.parse(line);
      const key = [event, reason ?? errorName].filter(Boolean).join(": ");
      problems[key] = (problems[key] ?? 0) + 1;
    }
  };
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
      {
        RATE_LIMIT_PER_CLIENT: "1000000",
        RATE_LIMIT_PER_EMAIL: "1000000",
        RATE_LIMIT_PER_EMAIL_TOTAL: "1000000",
        RATE_LIMIT_PER_PHONE_TOTAL: "1000000",
        ...heapCap,
      },
    ),
    { onOutput },
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
  const photo = photos ? await largePhoto(LARGEST.bytes) : null;
  /** The plain form's post: the fields, then the photos; its Origin is the site's, as a browser sends it. */
  const formBody = (/** @type {number} */ n) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(JSON.parse(body(n)))) if (name !== "elapsedMs") form.set(name, String(value));
    for (let i = 1; i <= LARGEST.photos; i++) form.append("photos", new Blob([Uint8Array.from(photo ?? [])]), `eltavle-${i}.jpg`);
    return form;
  };
  const visitor = (/** @type {number} */ n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  // A closed-loop load: CONNECTIONS workers, each sending its next request when the last one answered.
  const url = `http://127.0.0.1:${fn.port}/send-contact-email`;
  /** @type {number[]} */
  const latencies = [];
  /** @type {Record<string, number>} */
  const statuses = {};
  let errors = 0;
  let next = 0;
  // CPU used during the load: Deno (the function), the database (PostgreSQL's processes; PGlite runs in
  // this process), and this process (the load generator and the SMTP server, and PGlite).
  // The database's backends are sampled at the end too: the function opens its connections during the load.
  const databaseCpu = () => new Map(kind === "postgres15" ? postgresPids(database.url).map((pid) => [pid, cpuSeconds(pid)]) : []);
  const cpu = () => ({ deno: cpuSeconds(fn.pid ?? 0), database: databaseCpu(), node: process.cpuUsage() });
  const pid = fn.pid ?? 0;
  const idleMemoryMb = peakMemoryMb(pid);
  // One request at a time with photos: each is measured alone, from its arrival to its e-mail's, above
  // the memory the process held just before it (the high-water mark is set back to it per request).
  const perRequest = photos && CONNECTIONS === 1;
  /** @type {{ peakAboveMb: number, cpuSeconds: number }[]} */
  const measured = [];
  let processPeakMb = idleMemoryMb;
  const cpuBefore = cpu();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < REQUESTS) {
        const n = next++;
        const t0 = performance.now();
        const before = perRequest ? { rss: residentMemoryMb(pid), cpu: cpuSeconds(pid), mails } : null;
        if (before) resetPeakMemory(pid);
        try {
          /** @type {Response} */
          const response = await fetch(
            url,
            photos
              ? {
                  method: "POST",
                  redirect: "manual",
                  headers: { origin: "http://localhost:8080", "x-forwarded-for": visitor(n) },
                  body: formBody(n),
                }
              : { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": visitor(n) }, body: body(n) },
          );
          await response.arrayBuffer();
          // A refused plain form is sent to /kontakt/fejl: only /kontakt/tak is accepted.
          const status =
            photos && response.headers.get("location")?.includes("/kontakt/fejl") ? `${response.status} fejl` : response.status;
          statuses[status] = (statuses[status] ?? 0) + 1;
          latencies.push(performance.now() - t0);
          if (before) {
            // The firm's e-mail, with the photos read back and attached, is part of the request's cost.
            if (status === 303) await firmsMailArrived(before.mails + 1);
            const peak = peakMemoryMb(pid);
            processPeakMb = Math.max(processPeakMb, peak);
            measured.push({ peakAboveMb: peak - before.rss, cpuSeconds: cpuSeconds(pid) - before.cpu });
          }
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
      await sql`select count(*)::int as rows, count(*) filter (where m.state = 'sent')::int as sent,
        count(*) filter (where m.state = 'sending' or (m.state = 'due' and m.attempts = 0))::int as waiting
        from quote_requests q left join deliveries m on m.request_id = q.id and m.channel = 'mail'`
    )[0];
  let counts = await count();
  for (let still = 0; counts.waiting > 0 && still < 600; still++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await count();
    if (next.waiting < counts.waiting) still = 0;
    counts = next;
  }
  const { rows, sent } = counts;
  const [{ photoBytes }] = await sql`select count(*)::int as "photoBytes" from quote_request_photos`;
  await sql.end();
  // The plain form's post is answered 303 to /kontakt/tak.
  const accepted = statuses[photos ? 303 : 200] ?? 0;
  const denoCpuSeconds = cpuAfter.deno - cpuBefore.deno;
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
    ...(photos
      ? {
          photosPerRequest: LARGEST.photos,
          bytesPerRequest: LARGEST.photos * LARGEST.bytes,
          // Supabase's limits per request: 256 MB of memory and 2 s of CPU time.
          denoMemoryMb: { heapCap: heapMb, beforeLoad: idleMemoryMb, peak: perRequest ? processPeakMb : peakMemoryMb(pid) },
          denoCpuSecondsPerRequest: Math.round((denoCpuSeconds / Math.max(1, latencies.length)) * 1000) / 1000,
          // Measured one request at a time (BENCH_CONNECTIONS=1): what Supabase's limits are about.
          ...(perRequest ? { perRequest: { peakAboveIdleMb: processPeakMb - idleMemoryMb, ...spread(measured) } } : {}),
          photosLeftInDatabase: photoBytes,
        }
      : {}),
    latencyMs: { p50: percentile(50), p95: percentile(95), p99: percentile(99), max: percentile(100) },
    functionProblems: problems,
    rows,
    mailsSent: sent,
    mailsReceived: mails,
    receiptsReceived: receipts,
    nothingLost: rows === accepted && mails === rows && sent === rows && photoBytes === 0,
  };
  await fn.stop();
  await smtp.stop();
  await pooler?.stop();
  await database.stop();
  return report;
}
