// What a mail transport is given and does: one composed message (mail.ts) out to the provider. An error
// whose `responseCode` is 5xx is a refusal that will not change (outbox.ts gives the delivery up);
// any other error is retried.

/** A message as mail.ts composes it (nodemailer's message fields, the subset this project uses). */
export type OutgoingMessage = {
  from: string;
  to: string[];
  /** Whom a reply goes to; none for a call-back, which has no address. */
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
  /**
   * `encoding: "base64"`: `content` is the bytes as base64 text, or reads it (a stored photo, read when
   * the transport gets to it: one attachment at a time is held).
   */
  attachments?: { filename: string; content: Uint8Array | string | (() => Promise<string>); contentType?: string; encoding?: "base64" }[];
};

export type MailTransport = { send: (message: OutgoingMessage) => Promise<void> };

/** The port a smtp:// or smtps:// URL connects to: its own, or the scheme's default (465 / 587). */
export const smtpPort = (url: URL) => Number(url.port) || (url.protocol === "smtps:" ? 465 : 587);
