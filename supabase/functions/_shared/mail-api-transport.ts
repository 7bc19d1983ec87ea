// Mail over an HTTP e-mail API (Resend's `POST /emails`, the one Supabase's own guide uses), for a
// provider that offers SMTP only on port 587, which Supabase blocks. https://resend.com/docs/api-reference/emails/send-email
import type { MailTransport, OutgoingMessage } from "./mail-transport.ts";

/** Statuses whose refusal a retry cannot change: a malformed message, a bad key, an unverified domain. */
const PERMANENT = new Set([400, 401, 403, 404, 422]);

/** `"Name" <address>` with the name quoted as RFC 5322 asks (it comes from one validated line); the bare address without a name. */
const mailbox = ({ name, address }: { name: string; address: string }) =>
  name === "" ? address : `"${name.replace(/["\\]/g, "\\$&")}" <${address}>`;

const base64 = (content: Uint8Array | string) => {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));
};

/** The API's JSON body for one message, but its attachments (apiBody adds them). */
export function apiEmail(message: OutgoingMessage) {
  return {
    from: message.from,
    to: message.to,
    ...(message.replyTo ? { reply_to: mailbox(message.replyTo) } : {}),
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  };
}

/**
 * The API's JSON body as it is sent, piece by piece: the fields, then each attachment read and encoded
 * in its turn, so that one attachment's base64 is held at a time, not all of them in one string.
 */
async function* apiBody(message: OutgoingMessage): AsyncGenerator<string> {
  const fields = JSON.stringify(apiEmail(message));
  if (!message.attachments?.length) return yield fields;
  yield `${fields.slice(0, -1)},"attachments":[`;
  for (const [index, file] of message.attachments.entries()) {
    const { content } = file;
    const encoded = typeof content === "function" ? await content() : file.encoding === "base64" ? content : base64(content);
    yield `${index ? "," : ""}${JSON.stringify({ filename: file.filename, content: encoded, content_type: file.contentType })}`;
  }
  yield "]}";
}

/** `pieces` of text as a byte stream, each made when the reader asks for it. */
function streamOf(pieces: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await pieces.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
  });
}

/**
 * A transport over the API at `apiUrl` (https://api.resend.com) with `apiKey`. The message's id is the
 * idempotency key, so a retry after a lost answer is not a second e-mail.
 */
export function createMailApiTransport(
  { apiKey, apiUrl }: { apiKey: string; apiUrl: string },
  fetcher: typeof fetch = fetch,
): MailTransport {
  const endpoint = new URL("emails", apiUrl.endsWith("/") ? apiUrl : `${apiUrl}/`);
  return {
    async send(message) {
      const response = await fetcher(endpoint, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${apiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": message.messageId.replace(/^<|>$/g, ""),
        },
        body: streamOf(apiBody(message)),
        // A streamed body is sent while the answer may already come (the Fetch standard's half duplex,
        // which Node requires to be named and Deno does by itself).
        duplex: "half",
        signal: AbortSignal.timeout(10_000),
      } as RequestInit);
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const problem = await response.json().catch(() => ({}));
      throw Object.assign(new Error(`mail API answered ${response.status}: ${String(problem?.name ?? "")}`), {
        name: "MailApiError",
        code: `HTTP_${response.status}`,
        // An SMTP-style reply code, so that the one permanent-failure rule (outbox.ts, isPermanent) holds for both.
        responseCode: PERMANENT.has(response.status) ? 554 : undefined,
      });
    },
  };
}
