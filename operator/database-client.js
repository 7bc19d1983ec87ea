// The database the operator scripts (leads, forget-requester, retention, schedule:retry) talk to:
// SUPABASE_DB_URL, or the local stack of `npm start` when asked for with --local. Never a guess: without
// either the script refuses, and it always says which one it uses. The URL's sslmode is honoured as libpq does: `require` is
// TLS without checking the certificate, `verify-full` checks it against the system's authorities or the
// file `sslrootcert` names (Supabase's CA certificate, from the dashboard's database settings).
import { readFileSync } from "node:fs";
import postgres from "postgres";

/** The local stack's database URL (dev/local/database.js on the Supabase CLI's port). */
export const LOCAL_DATABASE_URL = "postgres://postgres:postgres@127.0.0.1:54322/postgres";

/**
 * The driver's URL and TLS option for a libpq-style URL: the driver reads `sslmode` itself except
 * `disable` (which it would take for TLS) and a `sslrootcert` file (which it does not read).
 * @param {string} url
 * @returns {{ url: string, ssl?: false | import("node:tls").ConnectionOptions }}
 */
export function tlsOptions(url) {
  const parsed = new URL(url);
  const mode = parsed.searchParams.get("sslmode");
  const rootCert = parsed.searchParams.get("sslrootcert");
  if (mode === "disable") {
    parsed.searchParams.delete("sslmode");
    return { url: parsed.href, ssl: false };
  }
  if (!rootCert || rootCert === "system" || !["verify-ca", "verify-full"].includes(mode ?? "")) return { url };
  parsed.searchParams.delete("sslmode");
  parsed.searchParams.delete("sslrootcert");
  return {
    url: parsed.href,
    ssl: {
      ca: readFileSync(rootCert, "utf8"),
      rejectUnauthorized: true,
      // verify-ca trusts any name on a certificate the authority signed; verify-full checks the host too.
      ...(mode === "verify-ca" ? { checkServerIdentity: () => undefined } : {}),
    },
  };
}

/**
 * Where a database URL points, for a person to recognise: user, host, port and database, never the password.
 * @param {string} url
 */
export function describeDatabase(url) {
  const parsed = new URL(url);
  const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : "";
  return `${user}${parsed.hostname}:${parsed.port || "5432"}/${decodeURIComponent(parsed.pathname.slice(1)) || "postgres"}`;
}

/**
 * The URL an operator script uses: the local stack with `local`, otherwise SUPABASE_DB_URL; null when
 * neither was asked for (the script must then refuse rather than guess).
 * @param {{ local: boolean }} options
 * @param {Record<string, string | undefined>} [env]
 */
export function operatorDatabaseUrl({ local }, env = process.env) {
  return local ? LOCAL_DATABASE_URL : env.SUPABASE_DB_URL || null;
}

/**
 * A one-connection client for an operator script, called as `operatorDatabase({ local: args.includes("--local") })`.
 * Says on stderr which database it uses; without --local or SUPABASE_DB_URL it refuses (exit 2).
 * @param {{ local: boolean }} options
 */
export function operatorDatabase({ local }) {
  const target = operatorDatabaseUrl({ local });
  if (!target) {
    console.error(
      "Hvilken database? Skriv --local for den lokale database fra npm start, eller sæt SUPABASE_DB_URL til den rigtige (docs/deploy.md). Intet er læst eller ændret.",
    );
    process.exit(2);
  }
  console.error(`Database: ${describeDatabase(target)} (${local ? "den lokale fra npm start, --local" : "SUPABASE_DB_URL"})`);
  const { url, ssl } = tlsOptions(target);
  return postgres(url, { prepare: false, max: 1, onnotice: () => {}, ...(ssl === undefined ? {} : { ssl }) });
}
