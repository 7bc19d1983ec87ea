// The database the operator scripts (leads, forget-requester) talk to: SUPABASE_DB_URL, or the local
// stack of `npm start` when it is not set. The URL's sslmode is honoured as libpq does: `require` is
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

/** A one-connection client for an operator script. */
export function operatorDatabase() {
  const { url, ssl } = tlsOptions(process.env.SUPABASE_DB_URL ?? LOCAL_DATABASE_URL);
  return postgres(url, { prepare: false, max: 1, onnotice: () => {}, ...(ssl === undefined ? {} : { ssl }) });
}
