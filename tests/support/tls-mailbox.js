// An SMTP server that speaks implicit TLS only (smtps://, port 465 style) with a certificate a test made
// (dev/local/certificate.js), so that a client with verification on must be told to trust it.
import PostalMime from "postal-mime";
import { startSmtp } from "../../dev/local/mail-server.js";

/**
 * Starts the server on a free loopback port; `all()` resolves with the parsed messages received.
 * @param {import("../../dev/local/certificate.js").TestCertificate} certificate
 */
export async function startTlsMailbox(certificate) {
  /** @type {Promise<import("postal-mime").Email>[]} */
  const messages = [];
  const server = await startSmtp({ smtpPort: 0, tls: certificate, onMessage: (raw) => messages.push(PostalMime.parse(raw)) });
  return {
    url: `smtps://127.0.0.1:${server.port}`,
    all: () => Promise.all(messages),
    stop: server.stop,
  };
}
