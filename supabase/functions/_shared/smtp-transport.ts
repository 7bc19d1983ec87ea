// Mail over SMTP with nodemailer. On Supabase only implicit TLS works (smtps://, port 465): the platform
// refuses outgoing connections to ports 25 and 587, which config.ts checks at start-up.
import { Buffer } from "node:buffer";
import { Readable } from "node:stream";
import nodemailer from "nodemailer";
import { type MailTransport, smtpPort } from "./mail-transport.ts";

/** The bytes of a base64 attachment, read once the stream is read. */
async function* decoded(read: () => Promise<string>) {
  yield Buffer.from(await read(), "base64");
}

/** A transport over the SMTP server at `smtpUrl` (smtp://user:pass@host:port or smtps://…). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: smtpPort(url),
    secure: url.protocol === "smtps:",
    // Reuse connections while the function instance lives: a new SMTP session costs ~100 ms even on loopback.
    pool: true,
    maxConnections: 2,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // A slow or dead mail server must not hold the visitor's answer for long: the row is already stored.
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    async send(message) {
      const attachments = message.attachments?.map(({ content, ...file }) =>
        typeof content === "function"
          ? // Read when nodemailer writes this part, after the parts before it: one photo at a time.
            { filename: file.filename, contentType: file.contentType, content: Readable.from(decoded(content)) }
          : { ...file, content: typeof content === "string" ? content : Buffer.from(content) },
      );
      await transport.sendMail({ ...message, attachments });
    },
  };
}
