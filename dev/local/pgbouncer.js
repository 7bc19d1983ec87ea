// Debian's pgbouncer in transaction mode in front of a PostgreSQL 15 cluster (tests, and npm run bench:api --
// --postgres15 --pooler): what Supabase's Supavisor is on
// port 6543. Like Supavisor it drops the settings a client gives at start-up (statement_timeout and the
// like, listed in ignore_startup_parameters) instead of refusing the connection.
import { spawn, execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.js";

const PGBOUNCER = "/usr/sbin/pgbouncer";

/**
 * Starts pgbouncer for the database at `upstreamUrl` (postgres user, trust auth) on a free port.
 * @param {string} upstreamUrl
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startTransactionPooler(upstreamUrl) {
  const upstream = new URL(upstreamUrl);
  const dir = mkdtempSync(join(tmpdir(), "pgbouncer-"));
  const asRoot = process.getuid?.() === 0;
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    writeFileSync(join(dir, "userlist.txt"), '"postgres" ""\n');
    writeFileSync(
      join(dir, "pgbouncer.ini"),
      [
        "[databases]",
        `postgres = host=${upstream.hostname} port=${upstream.port} dbname=postgres`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${port}`,
        "unix_socket_dir =",
        "auth_type = trust",
        `auth_file = ${join(dir, "userlist.txt")}`,
        "pool_mode = transaction",
        "default_pool_size = 4",
        "max_client_conn = 200",
        "ignore_startup_parameters = extra_float_digits,statement_timeout,lock_timeout,idle_in_transaction_session_timeout",
        // pgbouncer refuses to run as root; started as root it switches to this user.
        ...(asRoot ? ["user = postgres"] : []),
      ].join("\n"),
    );
    if (asRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
      const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
      for (const file of ["", "userlist.txt", "pgbouncer.ini"]) chownSync(join(dir, file), uid, gid);
    }
    const child = spawn(PGBOUNCER, [join(dir, "pgbouncer.ini")], { stdio: ["ignore", "pipe", "pipe"] });
    const started = await new Promise((resolve) => {
      let seen = "";
      const onData = (/** @type {Buffer} */ chunk) => {
        seen += chunk.toString();
        if (/listening on 127\.0\.0\.1:\d+/.test(seen)) resolve({ ok: true });
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", onData);
      child.once("close", () => resolve({ ok: false, seen }));
    });
    if (started.ok) {
      return {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        stop: () =>
          new Promise((resolve) => {
            child.once("close", () => {
              rmSync(dir, { recursive: true, force: true });
              resolve();
            });
            child.kill("SIGTERM");
          }),
      };
    }
    if (!/Address already in use/i.test(started.seen) || attempt === 5) throw new Error(`pgbouncer did not start:\n${started.seen}`);
  }
}
