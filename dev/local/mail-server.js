// The local mail catcher of `npm start`: an SMTP server that keeps every message as an .eml file, and a
// small inbox page listing them with the firm's SMS (kept by the SMS stand-in, ./sms-stand-in.js),
// newest first, so a person can see exactly what the firm receives.
// The same SMTP server, plain or over implicit TLS, is the backend tests' and the bench's mail server.
import { createServer } from "node:http";
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import PostalMime from "postal-mime";
import { escapeHtml } from "../../supabase/functions/_shared/escape-html.js";
import { guarded } from "./request-target.js";
import { closeServer, listen } from "./servers.js";

/**
 * smtp-server reports each failure of a client's connection as an 'error' on the server, once it has
 * closed that connection: a client that resets it in the middle of a message (a function's Deno process
 * stopped while it sends a receipt) or refuses the certificate during the TLS handshake. The client
 * sees its own failure; the server goes on serving the others, as a real mail server does. An 'error'
 * with no listener would be thrown instead, out of the socket's read ("read ECONNRESET"), and end the
 * local stack or fail a test run. smtp-server marks such an error with the client's address
 * (`remoteAddress`, or `meta` during the TLS handshake); any other error is the server's own, thrown.
 * @param {Error} error
 */
function onClientConnectionError(error) {
  if (!("remoteAddress" in error) && !("meta" in error)) throw error;
}

/**
 * Starts an SMTP server on `smtpPort` writing .eml files into `dir`; `onMessage(raw, recipients)` sees each
 * one with the addresses it was delivered to (the envelope's RCPT TO).
 * `refuseRecipient(address)` true answers RCPT TO with 550, as a server does for an unknown mailbox, and a
 * number with that code (451: a server that asks to be tried again later);
 * `beforeAccept()` is waited for before a received message is accepted (a slow mail server).
 * `tls`: a certificate (./certificate.js) for implicit TLS only (smtps://, port 465 style), so that a
 * client with verification on must be told to trust it.
 * @param {{ dir?: string, smtpPort?: number, onMessage?: (raw: Buffer, recipients: string[]) => void, refuseRecipient?: (address: string) => boolean | number,
 *   beforeAccept?: () => Promise<void> | void, tls?: { key: string, cert: string } }} [options] smtpPort 0: a free one
 */
export async function startSmtp({ dir, smtpPort = 54325, onMessage, refuseRecipient, beforeAccept, tls } = {}) {
  if (dir) await mkdir(dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    ...(tls ? { secure: true, key: tls.key, cert: tls.cert } : {}),
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // No DNS here: a reverse lookup of 127.0.0.1 would only add a wait to every message.
    disableReverseLookup: true,
    // Stopping drops open client connections at once (a pooled client would otherwise hold it open
    // until its own idle timeout): the local catcher stops, and the tests' "mail server down" is down.
    closeTimeout: 100,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refuseRecipient?.(address.address);
      if (!refusal) return callback();
      const code = refusal === true ? 550 : refusal;
      callback(Object.assign(new Error(code >= 500 ? "5.1.1 Unknown mailbox" : "4.2.0 Try again later"), { responseCode: code }));
    },
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks);
        await beforeAccept?.();
        try {
          if (dir) await writeFile(join(dir, `${Date.now()}-${String(++counter).padStart(4, "0")}.eml`), raw);
          onMessage?.(
            raw,
            session.envelope.rcptTo.map((recipient) => recipient.address),
          );
          callback();
        } catch (error) {
          callback(/** @type {Error} */ (error));
        }
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(smtpPort, "127.0.0.1", () => {
      server.off("error", reject);
      server.on("error", onClientConnectionError);
      resolve(undefined);
    });
  });
  return {
    port: /** @type {import("node:net").AddressInfo} */ (server.server.address()).port,
    /** @returns {Promise<void>} */
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The JSON files a stand-in kept in `dir` (one each, named by time like the .eml files), as rows of the
 * inbox page keyed by file name, each drawn by `row`.
 * @template T
 * @param {string | undefined} dir
 * @param {(item: T) => string} row
 * @returns {Promise<[string, string][]>}
 */
async function storedRows(dir, row) {
  if (!dir) return [];
  const files = (await readdir(dir).catch(() => [])).filter((file) => file.endsWith(".json"));
  return await Promise.all(
    files.map(async (file) => /** @type {[string, string]} */ ([file, row(JSON.parse(await readFile(join(dir, file), "utf8")))])),
  );
}

/**
 * An SMS the SMS stand-in kept (./sms-stand-in.js), as a row of the inbox page.
 * @param {import("./sms-stand-in.js").StandInSms} sms
 */
function smsRow(sms) {
  const to = sms.recipients.map((msisdn) => `+${msisdn}`).join(", ");
  return `<tr><td>${escapeHtml(new Date(sms.at).toUTCString())}</td><td><strong>SMS</strong> ${escapeHtml(sms.message)}</td><td>til ${escapeHtml(to)}</td></tr>`;
}

/**
 * A push the push service's stand-in kept (./push-stand-in.js), as a row of the inbox page: what the
 * phone shows, when the stand-in holds the device's keys; else that it came, encrypted.
 * @param {import("./push-stand-in.js").StandInPush} push
 */
function pushRow(push) {
  const shown = /** @type {{ title?: string, body?: string, url?: string } | null} */ (push.message);
  const text = shown
    ? `${shown.title ?? ""}: ${shown.body ?? ""} (${shown.url ?? ""})`
    : `krypteret, ${push.bytes} bytes (kun enheden kan læse den)`;
  return `<tr><td>${escapeHtml(new Date(push.at).toUTCString())}</td><td><strong>Push</strong> ${escapeHtml(text)}</td><td>til ${escapeHtml(push.endpoint)}</td></tr>`;
}

/**
 * Starts the inbox page on `httpPort` for the .eml files in `dir`, the SMS in `smsDir` and the pushes in `pushDir`.
 * @param {{ dir: string, smsDir?: string, pushDir?: string, httpPort?: number }} options
 */
export async function startInbox({ dir, smsDir, pushDir, httpPort = 54324 }) {
  const server = createServer(
    guarded(async (_request, response, url) => {
      const files = (await readdir(dir).catch(() => []))
        .filter((file) => file.endsWith(".eml"))
        .sort()
        .reverse();
      if (url.pathname.startsWith("/raw/") && files.includes(url.pathname.slice(5))) {
        response.writeHead(200, { "Content-Type": "message/rfc822" }).end(await readFile(join(dir, url.pathname.slice(5))));
        return;
      }
      if (url.pathname.startsWith("/m/") && files.includes(url.pathname.slice(3))) {
        const email = await PostalMime.parse(await readFile(join(dir, url.pathname.slice(3))));
        response
          .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
          .end(`<!doctype html><meta charset="utf-8"><title>${escapeHtml(email.subject)}</title>
<p><a href="/">← Indbakke</a> · <a href="/raw/${escapeHtml(url.pathname.slice(3))}">rå .eml</a></p>
<h1>${escapeHtml(email.subject)}</h1><p>Fra: ${escapeHtml(email.from?.address)} · Til: ${escapeHtml(email.to?.map((to) => to.address).join(", "))} · Svar til: ${escapeHtml(email.replyTo?.map((to) => to.address).join(", "))}</p>
<pre style="white-space:pre-wrap;font:inherit">${escapeHtml(email.text)}</pre>`);
        return;
      }
      const mails = await Promise.all(
        files.slice(0, 200).map(async (file) => {
          const email = await PostalMime.parse(await readFile(join(dir, file)));
          return /** @type {[string, string]} */ ([
            file,
            `<tr><td>${escapeHtml(email.date ?? "")}</td><td><a href="/m/${escapeHtml(file)}">${escapeHtml(email.subject ?? "(uden emne)")}</a></td><td>${escapeHtml(email.replyTo?.[0]?.address ?? "")}</td></tr>`,
          ]);
        }),
      );
      const texts = await storedRows(smsDir, smsRow);
      const pushes = await storedRows(pushDir, pushRow);
      // Every kind of file is named by the time it arrived: newest first, together.
      const rows = [...mails, ...texts, ...pushes].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([, row]) => row);
      response
        .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
        .end(`<!doctype html><meta charset="utf-8"><title>Lokal indbakke</title>
<h1>Lokal indbakke (${files.length} e-mails, ${texts.length} SMS, ${pushes.length} push)</h1><p>E-mails, SMS og push-beskeder, som funktionerne har sendt: til firmaet, kvitteringer til kunderne og koder til indbakken. Nyeste først.</p>
<table border="1" cellpadding="6"><tr><th>Dato</th><th>Emne, SMS eller push</th><th>Kunde eller modtager</th></tr>${rows.join("")}</table>`);
    }),
  );
  return { port: await listen(server, httpPort, "127.0.0.1"), stop: () => closeServer(server) };
}
