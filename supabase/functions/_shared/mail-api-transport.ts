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

/** The API's JSON body for one message. */
export function apiEmail(message: OutgoingMessage) {
  return {
    from: message.from,
    to: message.to,
    reply_to: mailbox(message.replyTo),
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map((file) => ({
            filename: file.filename,
            content: file.encoding === "base64" ? file.content : base64(file.content),
            content_type: file.contentType,
          })),
        }
      : {}),
  };
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
        body: JSON.stringify(apiEmail(message)),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const problem = await response.json().catch(() => ({}));
      throw Object.assign(new Error(`mail API answered ${response.status}: ${String(problem?.name ?? "")}`), {
        name: "MailApiError",
        code: `HTTP_${response.status}`,
        // An SMTP-style reply code, so that the one permanent-failure rule (mail-delivery.ts) holds for both.
        responseCode: PERMANENT.has(response.status) ? 554 : undefined,
      });
    },
  };
}
