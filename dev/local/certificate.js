// A throwaway certificate authority and a server certificate for 127.0.0.1, made with openssl, for the
// tests that need TLS with verification on (the database over `sslmode`, SMTP over implicit TLS). Only
// the process that is handed `caFile` trusts it; nothing is installed anywhere.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * @typedef {object} TestCertificate
 * @property {string} caFile PEM of the authority (what a client is told to trust, e.g. DENO_CERT)
 * @property {string} certFile PEM of the server certificate, for IP 127.0.0.1 and localhost
 * @property {string} keyFile its private key (mode 0600)
 * @property {string} cert the server certificate's PEM text
 * @property {string} key the private key's PEM text
 * @property {() => void} remove
 */

/** Makes a new authority and a server certificate signed by it, valid for two days. @returns {TestCertificate} */
export function makeTestCertificate() {
  const dir = mkdtempSync(join(tmpdir(), "test-cert-"));
  const file = (/** @type {string} */ name) => join(dir, name);
  const openssl = (/** @type {string[]} */ args) => execFileSync("openssl", args, { stdio: "pipe" });
  const ecKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl([
    "req",
    "-x509",
    ...ecKey,
    "-keyout",
    file("ca.key"),
    "-out",
    file("ca.crt"),
    "-days",
    "2",
    "-subj",
    "/CN=Test authority made by a test",
  ]);
  openssl(["req", ...ecKey, "-keyout", file("server.key"), "-out", file("server.csr"), "-subj", "/CN=127.0.0.1"]);
  writeFileSync(
    file("server.ext"),
    "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n",
  );
  openssl([
    "x509",
    "-req",
    "-in",
    file("server.csr"),
    "-CA",
    file("ca.crt"),
    "-CAkey",
    file("ca.key"),
    "-CAcreateserial",
    "-out",
    file("server.crt"),
    "-days",
    "2",
    "-extfile",
    file("server.ext"),
  ]);
  return {
    caFile: file("ca.crt"),
    certFile: file("server.crt"),
    keyFile: file("server.key"),
    cert: readFileSync(file("server.crt"), "utf8"),
    key: readFileSync(file("server.key"), "utf8"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
