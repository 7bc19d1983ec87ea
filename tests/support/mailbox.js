// A real SMTP server for the backend tests, in-process: it keeps parsed messages and can be taken down
// and brought back on the same port (the "mail server is down" test).
import PostalMime from "postal-mime";
import { startSmtp } from "../../dev/local/mail-server.js";

/** Starts the mailbox; `messages` holds every received e-mail as { raw, parsed }. */
export async function startMailbox() {
  /** @type {Promise<{ raw: string, parsed: import("postal-mime").Email, recipients: string[] }>[]} */
  const messages = [];
  /** @param {Buffer} raw @param {string[]} recipients the envelope's, as delivered */
  const onMessage = (raw, recipients) =>
    messages.push(PostalMime.parse(raw).then((parsed) => ({ raw: raw.toString("utf8"), parsed, recipients })));
  /** @type {Set<string>} */
  let refused = new Set();
  /** @type {Set<string>} */
  let deferred = new Set();
  const refuseRecipient = (/** @type {string} */ address) =>
    refused.has(address.toLowerCase()) || (deferred.has(address.toLowerCase()) ? 451 : false);
  /** Resolves when held messages may be accepted; null: accept at once. @type {Promise<void> | null} */
  let gate = null;
  let openGate = () => {};
  const beforeAccept = () => gate ?? undefined;
  const release = () => {
    gate = null;
    openGate();
  };
  /** @type {Awaited<ReturnType<typeof startSmtp>> | null} */
  let server = await startSmtp({ smtpPort: 0, onMessage, refuseRecipient, beforeAccept });
  const port = server.port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    /** The received messages, parsed. */
    all: () => Promise.all(messages),
    clear: () => {
      messages.splice(0);
      refused = new Set();
      deferred = new Set();
      release();
    },
    /**
     * Holds every message it receives from now on unaccepted (a mail server that has not answered yet),
     * until the returned function (or clear()) is called; the held ones are then accepted.
     * @returns {() => void}
     */
    hold: () => {
      gate ??= new Promise((resolve) => (openGate = () => resolve()));
      return release;
    },
    /** Answers RCPT TO `address` with 550 from now on (a mistyped MAIL_TO), until clear(). */
    refuse: (/** @type {string} */ address) => refused.add(address.toLowerCase()),
    /** Answers RCPT TO `address` with 451 (try again later) from now on, until accept(address) or clear(). */
    defer: (/** @type {string} */ address) => deferred.add(address.toLowerCase()),
    /** Accepts mail for a deferred address again. */
    accept: (/** @type {string} */ address) => deferred.delete(address.toLowerCase()),
    async down() {
      await server?.stop();
      server = null;
    },
    /** Listens on the same port again (the function's SMTP_URL names it), retrying while it is still held. */
    async up() {
      for (let attempt = 1; ; attempt++) {
        try {
          server = await startSmtp({ smtpPort: port, onMessage, refuseRecipient, beforeAccept });
          return;
        } catch (/** @type {any} */ error) {
          if (error?.code !== "EADDRINUSE" || attempt === 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    stop: async () => {
      await server?.stop();
    },
  };
}
