// Every channel the outbox sends through (outbox.ts), each a policy and one small send: the firm's
// e-mail about a request, the customer's receipt, the firm's SMS and the summary of a day over its cap,
// the Web Push to the team's devices,
// the monthly statement, the alert, and a booked inspection's: the customer's confirmation, the news of a
// move or a cancellation to the customer and to the firm, and the reminder by e-mail and SMS. Which deliveries a subject gets, and each channel's own rule,
// are in the baseline migration ("The outbox"); docs/development.md, "The outbox", says how to add one.
import {
  type Booking,
  confirmationMessage,
  firmInvitation,
  firmUpdateMessage,
  reminderMessage,
  reminderSmsText,
  updateMessage,
} from "./booking-mail.ts";
import { bookingToken } from "./booking-token.ts";
import { type Config, msisdn } from "./config.ts";
import type { StatementRow } from "./lead-statement.js";
import type { Logger } from "./log.ts";
import { buildMessage } from "./mail.ts";
import type { MailTransport, OutgoingMessage } from "./mail-transport.ts";
import type { Channel, Delivery } from "./outbox.ts";
import { buildReceipt, type ReceiptFacts, receiptFactsSchema } from "./receipt-text.ts";
import { createSmsSender } from "./sms-gateway.ts";
import { leadSmsText, overCapSmsText } from "./sms-text.ts";
import { statementMessage } from "./statement-mail.ts";
import type { Store, StoredRequest } from "./store.ts";
import { sendPush } from "./web-push.ts";

/** After this long, an e-mail that still fails is given up (supabase/functions/send-contact-email/README.md, "The HTTP contract"). */
export const RETRY_HORIZON_HOURS = 24;

/** Receipts one mailbox gets in 24 hours; requests over it are stored and mailed to the firm as ever (README). */
export const RECEIPTS_PER_ADDRESS_PER_DAY = 3;

/**
 * After this long an SMS that still fails is given up: its point is to reach the firm within seconds,
 * and the e-mail carries the lead anyway. It also keeps a firm that sets the SMS secrets later from
 * getting a burst about older leads.
 */
export const SMS_HORIZON_HOURS = 6;

/**
 * The least time between two alerts: every stored request looks for requests to alert about, so a
 * stranger who makes requests held would otherwise decide how often the firm's channel fires. The first
 * alert goes at once; what comes within the interval after it goes together in the next one, counted.
 */
export const ALERT_INTERVAL_MINUTES = 15;

/** How long the alert's webhook may take to answer: a hung one must not hold the sender for long. */
export const ALERT_TIMEOUT_MS = 5_000;

/** After this long a push about a new lead is not sent: the inbox shows the lead anyway. */
export const PUSH_HORIZON_HOURS = 1;

/** An error the outbox gives up on at once (outbox.ts, isPermanent). */
class Refused extends Error {
  override name = "Refused";
  readonly permanent = true;
}

const request = (delivery: Delivery) => delivery.request as StoredRequest;

/**
 * A booking's send: the booking, the firm's facts (its rule in claim_deliveries hands them over, as the
 * receipt's) and the customer's link token, to `write` a message from.
 */
const bookingSend =
  (config: Config, log: Logger, write: (booking: Booking, facts: ReceiptFacts, token: string) => Promise<void>) =>
  async (delivery: Delivery) => {
    const booking = request(delivery) as Booking;
    const facts = receiptFactsSchema.safeParse(delivery.context);
    if (!facts.success || !booking.visit) {
      log({ event: "booking_facts_invalid", level: "error", requestId: booking.id, fix: "publish the site (site-facts.json)" });
      throw new Refused("booking facts invalid");
    }
    await write(booking, facts.data, await bookingToken(booking.id, config.ipHashSalt));
  };

/**
 * The channels of one instance: every one, the SMS ones only with the SMS secrets. `alertFetch` and
 * `alertTimeoutMs` are the alert webhook's client and its patience (tests shorten it).
 */
export function createChannels({
  config,
  store,
  transport,
  log,
  alertFetch = fetch,
  alertTimeoutMs = ALERT_TIMEOUT_MS,
}: {
  config: Config;
  store: Pick<Store, "photosOf" | "pushTargets" | "dropPushTarget">;
  transport: MailTransport;
  log: Logger;
  alertFetch?: typeof fetch;
  alertTimeoutMs?: number;
}): Record<string, Channel> {
  const sms = config.sms && createSmsSender(config.sms);
  const dailyLimit = config.sms?.dailyLimit ?? 0;
  const mailSettings = { mailFrom: config.mailFrom, mailTo: config.mailTo, siteUrl: config.siteUrl };
  const send = (write: (booking: Booking, facts: ReceiptFacts, token: string) => OutgoingMessage) =>
    bookingSend(config, log, (booking, facts, token) => transport.send(write(booking, facts, token)));
  return {
    mail: {
      policy: { leaseSeconds: 300, horizonHours: RETRY_HORIZON_HOURS },
      async send(delivery) {
        const stored = request(delivery);
        // A retry reads the photos again: they are kept until the e-mail is out. None costs no round trip.
        const photos = stored.photoCount ? await store.photosOf(stored.id) : [];
        const message: OutgoingMessage = buildMessage({ ...stored, photos }, config);
        // A booking's carries its invitation, for the firm's calendar in one tap.
        const invitation = stored.kind === "booking" && stored.visit ? [firmInvitation(stored as Booking, null, config.mailTo[0])] : [];
        await transport.send({ ...message, attachments: [...(message.attachments ?? []), ...invitation] });
      },
    },
    // A booking's confirmation is the appointment itself: sent at once, whatever the receipt's switch,
    // and capped by the bookings' own limit (3 active per mailbox) rather than the receipts'.
    booking_confirmation: {
      policy: { leaseSeconds: 300, horizonHours: RETRY_HORIZON_HOURS },
      send: send((booking, facts, token) => confirmationMessage(booking, facts, mailSettings, token)),
    },
    booking_update: {
      policy: { leaseSeconds: 300, horizonHours: RETRY_HORIZON_HOURS },
      send: send((booking, facts, token) => updateMessage(booking, facts, mailSettings, token)),
    },
    booking_update_firm: {
      policy: { leaseSeconds: 300, horizonHours: RETRY_HORIZON_HOURS },
      send: send((booking, facts) => firmUpdateMessage(booking, facts, mailSettings)),
    },
    booking_reminder: {
      policy: { leaseSeconds: 300, horizonHours: 12 },
      send: send((booking, facts, token) => reminderMessage(booking, facts, mailSettings, token)),
    },
    receipt: {
      policy: { leaseSeconds: 300, horizonHours: RETRY_HORIZON_HOURS, after: "mail", cap: RECEIPTS_PER_ADDRESS_PER_DAY },
      async send(delivery) {
        const stored = request(delivery);
        const facts = receiptFactsSchema.safeParse(delivery.context);
        // Saved by another version of the functions (site-facts.ts): no retry mends it, the next copy of the site's facts will.
        if (!facts.success) {
          log({ event: "receipt_settings_invalid", level: "error", requestId: stored.id, fix: "publish the site (site-facts.json)" });
          throw new Refused("receipt_settings invalid");
        }
        // Queued only for a quote, which has an address and a place.
        const { id, email, location, receivedAt } = stored as StoredRequest & { email: string; location: string };
        await transport.send(buildReceipt({ id, email, location, receivedAt, attempts: delivery.attempt, facts: facts.data }, config));
      },
    },
    ...(sms && {
      sms: {
        policy: { leaseSeconds: 120, horizonHours: SMS_HORIZON_HOURS, cap: dailyLimit },
        async send(delivery) {
          const stored = request(delivery);
          await sms(leadSmsText({ ...stored, kind: stored.deployCheck ? "test" : stored.kind }));
        },
      },
      // The customer's reminder by SMS, counted in the day's cap with the firm's SMS (claim_deliveries).
      booking_reminder_sms: {
        policy: { leaseSeconds: 120, horizonHours: 12, cap: dailyLimit },
        send: bookingSend(config, log, async (booking, facts) => {
          const number = msisdn(booking.phone);
          if (!number) throw new Refused("no number to text");
          await sms(reminderSmsText(booking, facts), [number]);
        }),
      },
      sms_summary: {
        policy: { leaseSeconds: 120, horizonHours: 7 * 24 },
        async send({ period, context }) {
          await sms(overCapSmsText({ day: period as string, count: (context as { count: number }).count, dailyLimit }));
        },
      },
    }),
    // Each new lead to every device of the team that allowed notifications (the inbox's push_subscribe),
    // queued with the request by the inbox's migration. A device whose push service says it is gone is
    // forgotten; any other failure sends again (to every device: its Topic makes a device that was off
    // keep one), and a device shows one notification per lead (its tag).
    ...(config.push && {
      push: {
        policy: { leaseSeconds: 120, horizonHours: PUSH_HORIZON_HOURS },
        async send(delivery) {
          const stored = request(delivery);
          const vapid = config.push as NonNullable<Config["push"]>;
          const message = pushMessage(stored);
          const failures: unknown[] = [];
          for (const target of await store.pushTargets()) {
            try {
              if ((await sendPush(target, message, vapid, { topic: stored.id.replace(/-/g, "") })) === "gone")
                await store.dropPushTarget(target.endpoint);
            } catch (error) {
              failures.push(error);
            }
          }
          if (failures.length) throw failures[0];
        },
      },
    }),
    statement: {
      policy: { leaseSeconds: 300 },
      async send({ period, context }) {
        await transport.send(statementMessage((period as string).slice(0, 7), context as StatementRow[], config));
      },
    },
    alert: {
      policy: { leaseSeconds: 120, maxBackoffMinutes: 0, intervalMinutes: ALERT_INTERVAL_MINUTES, afterEveryRequest: true },
      sendTogether: (deliveries) =>
        alert(deliveries, { webhookUrl: config.alertWebhookUrl, log, fetcher: alertFetch, timeoutMs: alertTimeoutMs }),
    },
  };
}

/**
 * A new lead's notification (shown by the inbox page's service worker): who and what, never more than a
 * lock screen should show; a tap opens the lead.
 */
export function pushMessage(stored: StoredRequest) {
  const what =
    stored.kind === "callback" ? "vil ringes op" : stored.kind === "booking" ? "har booket en besigtigelse" : "beder om et tilbud";
  return {
    title: `Ny henvendelse: ${stored.name}`,
    body: `${stored.name} ${what}${stored.location ? ` (${stored.location})` : ""}.`,
    url: `/admin/indbakke/#${stored.id}`,
    tag: stored.id,
  };
}

/**
 * Tells the firm about requests whose e-mail has not reached it, through another channel than the mail:
 * a JSON POST to ALERT_WEBHOOK_URL (an SMS gateway, a chat webhook), which must answer 2xx in time for
 * the alert to count. Always one error-level log line; without the setting that line is the alert.
 */
async function alert(
  deliveries: Delivery[],
  { webhookUrl, log, fetcher, timeoutMs }: { webhookUrl?: string; log: Logger; fetcher: typeof fetch; timeoutMs: number },
) {
  const ids = deliveries.map((delivery) => request(delivery).id);
  const mail = deliveries.map((delivery) => (delivery.context as { mail: string | null }).mail);
  const held = mail.filter((state) => state === "held").length;
  const failed = mail.filter((state) => state === "failed" || state === "skipped").length;
  const waiting = ids.length - failed - held;
  const text = `${ids.length} forespørgsel${ids.length === 1 ? "" : "er"} fra hjemmesiden er ikke nået frem som e-mail (${failed} opgivet, ${waiting} venter stadig, ${held} holdt tilbage: over grænsen for e-mails til én adresse). Se listen med: npm run leads -- --undelivered`;
  log({ event: "leads_undelivered", level: "error", requestIds: ids, failed, held });
  if (!webhookUrl) return;
  const response = await fetcher(webhookUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ event: "quote_requests_undelivered", text, requestIds: ids, failed, held, count: ids.length }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok)
    throw Object.assign(new Error("the alert webhook refused"), { name: "AlertWebhookError", code: `HTTP_${response.status}` });
}
