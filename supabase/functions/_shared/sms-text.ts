// The firm's SMS about a lead. One SMS is 160 septets of GSM-7 (gsm7.js); a single character outside it
// makes the whole message UCS-2 (70 characters) or several SMS, each paid for. So every text is made of
// GSM-7 only (æ, ø, å, Æ, Ø, Å are in it; other letters lose their accents, anything else is dropped) and
// cut to fit one SMS. It names what came, who, where and the number to call back, and nothing else the
// visitor wrote (no message, no e-mail).
import { gsm7Length, SMS_SEPTETS, toGsm7 } from "./gsm7.js";

/** A Danish number (8 digits, with or without +45 or 0045) as Danes write it, in pairs; any other as typed. */
export function phoneForSms(phone: string): string {
  const digits = phone.replace(/[^0-9+]/g, "");
  const danish = /^(?:\+45|0045)?(\d{8})$/.exec(digits)?.[1];
  return danish ? danish.replace(/(\d\d)(?=\d)/g, "$1 ") : toGsm7(phone);
}

/**
 * The first words of each kind of request: what came, so the firm knows before reading on. A kind
 * without its own words (or none) is a quote request.
 */
export const SMS_FIRST_WORDS: Record<string, string> = {
  quote: "Ny forespørgsel",
  callback: "Ring op",
  // `npm run verify:deploy -- … --sms`: the firm's own test, never a customer.
  test: "TEST",
};

/** What the SMS of one request is written from: the stored fields (the town is absent for a call-back). */
export type SmsLead = { kind?: string | null; name: string; location?: string | null; phone: string };

/** Cuts `text` to at most `septets` GSM-7 septets, without a space at the end. */
const cut = (text: string, septets: number) => {
  let out = "";
  for (const character of text) {
    if ((gsm7Length(out + character) ?? Number.POSITIVE_INFINITY) > septets) break;
    out += character;
  }
  return out.trimEnd();
};

/**
 * The SMS of one request: `Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50`. The number is never cut (it
 * is what the firm acts on); the name and the town are, the longer one first, until it fits one SMS.
 */
export function leadSmsText(lead: SmsLead): string {
  const first = SMS_FIRST_WORDS[lead.kind ?? "quote"] ?? SMS_FIRST_WORDS.quote;
  const phone = cut(phoneForSms(lead.phone), 40);
  let name = toGsm7(lead.name);
  let town = toGsm7(lead.location ?? "");
  const text = () => `${first}: ${[name, town, phone].filter(Boolean).join(", ")}`;
  while ((gsm7Length(text()) ?? 0) > SMS_SEPTETS) {
    if (town.length > name.length) town = cut(town, [...town].length - 1);
    else name = cut(name, [...name].length - 1);
  }
  return text();
}

/** The one SMS about a day's requests over the cap: how many, which day, and where to read them. */
export function overCapSmsText({ day, count, dailyLimit }: { day: string; count: number; dailyLimit: number }): string {
  const date = `${Number(day.slice(8, 10))}.${Number(day.slice(5, 7))}.`;
  return `${count} ${count === 1 ? "forespørgsel" : "forespørgsler"} mere ${date} fik ingen SMS (højst ${dailyLimit} om dagen). De står i e-mailen.`;
}
