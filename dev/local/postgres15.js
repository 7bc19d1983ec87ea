// A real PostgreSQL 15 cluster from Debian's binaries in a throwaway folder, with the Supabase roles and
// the migrations: what the backend tests (tests/support/databases.js) and the API bench's PostgreSQL
// mode (dev/bench/api-load.js) run against, as Supabase runs Postgres.
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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
 * @returns {Promise<DatabaseHandle>}
 */
export async function startPostgres15() {
  const dir = mkdtempSync(join(tmpdir(), "pg15-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const run = (binary, args) =>
    execFileSync(asRoot ? "runuser" : `${PG_BIN}/${binary}`, asRoot ? ["-u", "postgres", "--", `${PG_BIN}/${binary}`, ...args] : args, {
      stdio: "pipe",
    });
  const data = join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-locale"]);
  const log = join(dir, "log");
  const start = (port) =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      log,
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`,
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
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
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
