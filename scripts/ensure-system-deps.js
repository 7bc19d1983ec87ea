// Before the tests: make sure what npm cannot install is here. The browser engines (Debian's Chromium
// and its headless shell, Firefox ESR, WebKitGTK's WebDriver and MiniBrowser, and Xvfb for its display; the list is in
// dev/browser-engines.js), a Java runtime (the Nu Html Checker), PostgreSQL 15's server binaries with
// pg_cron (backend tests; Supabase preloads pg_cron), pgbouncer (the transaction-pooler test) and
// openssl (the certificates of the TLS tests). Installs them
// with apt-get when running as root, otherwise stops with the exact command to run. Never lets the
// tests skip.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ENGINE_PACKAGES } from "../dev/browser-engines.js";
import { PG_BIN } from "../dev/pg-bin.js";

const has = (/** @type {string} */ command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

/** @type {string[]} Debian packages to install */
const missing = [];
for (const { path, pkg } of ENGINE_PACKAGES) if (!existsSync(path) && !missing.includes(pkg)) missing.push(pkg);
if (!has("java")) missing.push("default-jre-headless");
if (!existsSync(`${PG_BIN}/initdb`)) missing.push("postgresql-15");
if (!existsSync(`${PG_BIN}/../lib/pg_cron.so`)) missing.push("postgresql-15-cron");
if (!has("pgbouncer") && !existsSync("/usr/sbin/pgbouncer")) missing.push("pgbouncer");
if (!has("openssl")) missing.push("openssl");

if (missing.length > 0) {
  const command = `apt-get update && apt-get install -y ${missing.join(" ")}`;
  if (process.getuid?.() !== 0) {
    console.error(`Missing system packages for the tests: ${missing.join(", ")}.\nInstall them as root:\n  ${command}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(", ")} with apt-get…`);
  execFileSync("sh", ["-c", `DEBIAN_FRONTEND=noninteractive ${command}`], { stdio: "inherit" });
}
