// An SMTP server that speaks implicit TLS only (smtps://, port 465 style) with a certificate a test made
// (dev/local/certificate.js), so that a client with verification on must be told to trust it.
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

/**
 * Starts the server on a free loopback port; `all()` resolves with the parsed messages received.
 * @param {import("../../dev/local/certificate.js").TestCertificate} certificate
 */
export async function startTlsMailbox(certificate) {
  /** @type {Promise<import("postal-mime").Email>[]} */
  const messages = [];
  const server = new SMTPServer({
    secure: true,
    key: certificate.key,
    cert: certificate.cert,
    authOptional: true,
    disableReverseLookup: true,
    closeTimeout: 100,
    logger: false,
    onData(stream, _session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push(PostalMime.parse(Buffer.concat(chunks)));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(undefined));
  });
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.server.address());
  return {
    url: `smtps://127.0.0.1:${port}`,
    all: () => Promise.all(messages),
    /** @returns {Promise<void>} */
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
