// A real PostgreSQL 15 cluster from Debian's binaries in a throwaway folder, with the Supabase roles and
// the migrations: what the backend tests (tests/support/databases.js) and the API bench's PostgreSQL
// mode (dev/bench/api-load.js) run against, as Supabase runs Postgres: pg_cron preloaded (Debian's
// postgresql-15-cron), and on request accepting TLS connections only.
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { PG_BIN } from "../pg-bin.js";
import { freePort } from "./free-port.js";
import { migrate } from "./migrations.js";

/**
 * @typedef {object} DatabaseHandle a database the tests and the bench can take away and bring back
 * @property {string} name
 * @property {string} url
 * @property {number} poolMax connections the function may open
 * @property {() => Promise<unknown>} pause stops answering, keeping the data
 * @property {() => Promise<unknown>} resume answers again on the same port
 * @property {() => Promise<unknown>} freeze hangs: open connections stay open and get no answer
 * @property {() => Promise<unknown>} thaw answers again, where it left off
 * @property {() => Promise<unknown>} stop
 */

/**
 * Sends `signal` to a running cluster's postmaster (its pid is the first line of postmaster.pid) and
 * to every process it started.
 * @param {string} data the cluster's data folder
 * @param {"STOP" | "CONT"} signal
 */
function signalCluster(data, signal) {
  const postmaster = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  const children = execFileSync("pgrep", ["-P", String(postmaster)], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map(Number);
  for (const pid of [postmaster, ...children]) process.kill(pid, `SIG${signal}`);
}

/**
 * A fresh PostgreSQL 15 cluster on a free loopback port (run as Debian's postgres user when we are root).
 * `tls`: a certificate (dev/local/certificate.js) the server presents; then pg_hba.conf has `hostssl`
 * lines only, a plaintext connection is refused, and the URL says `sslmode=require`.
 * `beforeMigrations`: runs on a superuser connection before the migrations (a test's stand-ins for what
 * Supabase provides and Debian does not package).
 * @param {{ tls?: import("./certificate.js").TestCertificate, beforeMigrations?: (sql: import("postgres").Sql) => Promise<unknown> }} [options]
 * @returns {Promise<DatabaseHandle>}
 */
export async function startPostgres15({ tls, beforeMigrations } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "pg15-"));
  const asRoot = process.getuid?.() === 0;
  const toPostgresUser = (/** @type {string} */ path) => {
    if (asRoot)
      chownSync(path, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  };
  toPostgresUser(dir);
  chmodSync(dir, 0o700);
  const run = (/** @type {string} */ binary, /** @type {string[]} */ args) =>
    execFileSync(asRoot ? "runuser" : `${PG_BIN}/${binary}`, asRoot ? ["-u", "postgres", "--", `${PG_BIN}/${binary}`, ...args] : args, {
      stdio: "pipe",
    });
  const data = join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-locale"]);
  // Supabase preloads pg_cron; without it `create extension pg_cron` fails, with it the migrations schedule.
  const settings = ["-c shared_preload_libraries=pg_cron", "-c cron.database_name=postgres"];
  if (tls) {
    const owned = (/** @type {string} */ name, /** @type {string} */ from) => {
      const target = join(data, name);
      copyFileSync(from, target);
      chmodSync(target, 0o600);
      toPostgresUser(target);
    };
    owned("server.crt", tls.certFile);
    owned("server.key", tls.keyFile);
    // Over TCP only TLS is accepted; the Unix socket in the throwaway folder stays for pg_ctl's checks.
    writeFileSync(join(data, "pg_hba.conf"), "local all all trust\nhostssl all all 127.0.0.1/32 trust\n");
    settings.push("-c ssl=on", "-c ssl_cert_file=server.crt", "-c ssl_key_file=server.key");
  }
  const log = join(dir, "log");
  const start = (/** @type {number} */ port) =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      log,
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off ${settings.join(" ")}`,
      "start",
    ]);
  // PostgreSQL cannot bind port 0 and report it, so a probed free port can be taken by another test
  // worker before the server binds it: try another one when that happens.
  let port;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      start(port);
      break;
    } catch (error) {
      const addressInUse = /Address already in use|could not bind/i.test(readFileSync(log, "utf8"));
      if (!addressInUse || attempt === 5) throw error;
    }
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres${tls ? "?sslmode=require" : ""}`;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await beforeMigrations?.(sql);
  await migrate({ exec: (script) => sql.unsafe(script), query: (text, params) => sql.unsafe(text, params) });
  await sql.end();
  return {
    name: "PostgreSQL 15",
    url,
    poolMax: 4,
    pause: async () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    resume: async () => start(port),
    // The server and every backend process it forked (each open connection has one) stop running.
    freeze: async () => signalCluster(data, "STOP"),
    thaw: async () => signalCluster(data, "CONT"),
    async stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
