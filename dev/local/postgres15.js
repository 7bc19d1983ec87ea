// A real PostgreSQL 15 cluster from Debian's binaries in a throwaway folder, with the Supabase roles and
// the migrations: what the backend tests (tests/support/databases.js) and the API bench's PostgreSQL
// mode (dev/bench/api-load.js) run against, as Supabase runs Postgres: pg_cron preloaded (Debian's
// postgresql-15-cron), and on request accepting TLS connections only.
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

const asRoot = process.getuid?.() === 0;
/** Linux's shared-memory file system: a folder in memory. */
const MEMORY = "/dev/shm";
/** Hands a file or folder we made to Debian's postgres user, which the server runs as when we are root. */
function toPostgresUser(/** @type {string} */ path) {
  if (asRoot)
    chownSync(path, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
}
/** Runs one of PostgreSQL's programs, as the postgres user when we are root. */
function run(/** @type {string} */ binary, /** @type {string[]} */ args) {
  return execFileSync(
    asRoot ? "runuser" : `${PG_BIN}/${binary}`,
    asRoot ? ["-u", "postgres", "--", `${PG_BIN}/${binary}`, ...args] : args,
    {
      stdio: "pipe",
    },
  );
}

/**
 * The migrated, stopped cluster this process copies, by the folder it is kept in (made on first use).
 * @type {Map<string, Promise<string>>}
 */
const templates = new Map();

/**
 * The data folder of this process's template in `folder`: a cluster made as every other, migrated, then
 * stopped cleanly, so a copy starts without recovery.
 * @param {string} folder
 */
function template(folder) {
  if (!templates.has(folder))
    templates.set(
      folder,
      (async () => {
        const made = await startCluster({ folder });
        await made.database.pause();
        const data = join(folder, `template-${process.pid}`);
        execFileSync("cp", ["-a", made.data, data]);
        await made.database.stop();
        return data;
      })().catch((error) => {
        // The next cluster tries again rather than every later one failing with this error.
        templates.delete(folder);
        throw error;
      }),
    );
  return /** @type {Promise<string>} */ (templates.get(folder));
}

/**
 * A fresh PostgreSQL 15 cluster on a free loopback port (run as Debian's postgres user when we are root).
 * `tls`: a certificate (dev/local/certificate.js) the server presents; then pg_hba.conf has `hostssl`
 * lines only, a plaintext connection is refused, and the URL says `sslmode=require`.
 * `beforeMigrations`: runs on a superuser connection before the migrations (a test's stand-ins for what
 * Supabase provides and Debian does not package).
 * `folder`: where to make the cluster instead of the system's temporary folder, and where this process
 * keeps a migrated cluster that it copies instead of running initdb and the migrations for each (but
 * for a cluster with `beforeMigrations`). Made by `clusterFolder()`, which says why.
 * @param {{ tls?: import("./certificate.js").TestCertificate, beforeMigrations?: (sql: import("postgres").Sql) => Promise<unknown>, folder?: string }} [options]
 * @returns {Promise<DatabaseHandle>}
 */
export async function startPostgres15(options = {}) {
  const copyOf = options.folder && !options.beforeMigrations ? await template(options.folder) : undefined;
  return (await startCluster(options, copyOf)).database;
}

/**
 * A folder for `startPostgres15`'s clusters and templates, for the postgres user, in memory (/dev/shm)
 * where the machine has it: on the 2-core machine's disk initdb takes 1.4 CPU-seconds and a copy of a
 * cluster 0.8, in memory 0.4 and 0.03 (docs/testing.md, "How long it takes"). `remove()` deletes it with
 * everything in it.
 */
export function clusterFolder() {
  const folder = mkdtempSync(join(existsSync(MEMORY) ? MEMORY : tmpdir(), "pg15-"));
  toPostgresUser(folder);
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * `startPostgres15`, from a copy of the data folder `copyOf` if given, else by initdb and the migrations;
 * also returns the cluster's data folder.
 * @param {NonNullable<Parameters<typeof startPostgres15>[0]>} options
 * @param {string} [copyOf]
 */
async function startCluster({ tls, beforeMigrations, folder }, copyOf) {
  const dir = mkdtempSync(join(folder ?? tmpdir(), "pg15-"));
  toPostgresUser(dir);
  chmodSync(dir, 0o700);
  const data = join(dir, "data");
  if (copyOf) execFileSync("cp", ["-a", copyOf, data]);
  // --no-sync: a throwaway cluster needs nothing to survive a crash of the machine.
  else run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync"]);
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
  if (!copyOf) {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    await beforeMigrations?.(sql);
    await migrate({ exec: (script) => sql.unsafe(script), query: (text, params) => sql.unsafe(text, params) });
    await sql.end();
  }
  const database = {
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
  return { database, data };
}
