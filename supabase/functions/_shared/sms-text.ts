// The firm's SMS about a lead. It comes from the firm's own sender, so nothing a visitor types may read as
// a message of its own: the SMS holds the template's words, the name and the town reduced to a few words
// of letters (a link or an e-mail address goes whole, digits and punctuation go), and the customer's
// number once, as digits. One SMS is 160 septets of GSM-7 (gsm7.js); a single character outside it
// makes the whole message UCS-2 (70 characters) or several SMS, each paid for, so the text is GSM-7 only
// (æ, ø, å are in it; other letters lose their accents) and cut to fit one SMS.
import { gsm7Length, SMS_SEPTETS, toGsm7 } from "./gsm7.js";

/**
 * A Danish number (8 digits, with or without +45 or 0045) as Danes write it, in pairs; any other as its
 * digits in the groups typed, with a + in front if one came before the digits. Nothing else.
 */
export function phoneForSms(phone: string): string {
  const typed = phone.normalize("NFKC");
  const danish = /^(?:\+45|0045)?(\d{8})$/.exec(typed.replace(/[^0-9+]/g, ""))?.[1];
  if (danish) return danish.replace(/(\d\d)(?=\d)/g, "$1 ");
  const groups = typed.match(/[0-9]+/g)?.join(" ") ?? "";
  return groups && /^[^0-9]*\+/.test(typed) ? `+${groups}` : groups;
}

/** The most words kept of a name, of a town, and the most letters of one word. */
const NAME_WORDS = 4;
const TOWN_WORDS = 3;
const WORD_LETTERS = 24;
/** What the SMS says when nothing of the name is left. */
const NO_NAME = "Ukendt navn";

/**
 * A piece of a link or an e-mail address: an @, a slash, or a dot between two letters or digits (with the
 * characters that read as a dot or a slash).
 */
const ADDRESS = /[@/\\\u2044\u2215\u29f8]|[\p{L}\p{N}][.\u00b7\u2022\u2024\u2027\u2219\u22c5\u3002\u30fb\uff0e\uff61]+[\p{L}\p{N}]/u;
/** A word that is what is left of a link typed with spaces or other dots (no name or town holds one). */
const LINK_WORD = /http|www/i;

/**
 * `text` as at most `most` words of letters in GSM-7: a link or an e-mail address goes whole; then every
 * character but a letter ends a word, except a hyphen or an apostrophe between two letters (Hans-Peter,
 * O'Brien); a word with http or www in it goes, and a word is cut to `WORD_LETTERS`.
 */
function smsWords(text: string, most: number): string {
  const kept = text
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .replace(/[\u2010\u2011]/g, "-")
    .split(/\s+/)
    .filter((token) => !ADDRESS.test(token))
    .join(" ");
  return toGsm7(kept)
    .replace(/[^\p{L}'-]+/gu, " ")
    .replace(/(?<!\p{L})['-]|['-](?!\p{L})/gu, " ")
    .split(" ")
    .filter((word) => word && !LINK_WORD.test(word))
    .slice(0, most)
    .map((word) => word.slice(0, WORD_LETTERS).replace(/['-]+$/, ""))
    .join(" ");
}

/**
 * The first words of each kind of request: what came, so the firm knows before reading on. A kind
 * without its own words (or none) is a quote request.
 */
export const SMS_FIRST_WORDS: Record<string, string> = {
  quote: "Ny forespørgsel",
  callback: "Ring op",
  booking: "Ny besigtigelse",
  // `npm run verify:deploy -- … --sms`: the firm's own test, never a customer.
  test: "TEST",
};

/** What the SMS of one request is written from: the stored fields (the town is absent for a call-back). */
export type SmsLead = { kind?: string | null; name: string; location?: string | null; phone: string };

/** Cuts `text` to at most `septets` GSM-7 septets, without a space, a hyphen or an apostrophe at the end. */
const cut = (text: string, septets: number) => {
  let out = "";
  for (const character of text) {
    if ((gsm7Length(out + character) ?? Number.POSITIVE_INFINITY) > septets) break;
    out += character;
  }
  return out.replace(/[\s'-]+$/, "");
};

/**
 * The SMS of one request: `Ny forespørgsel: Jens Hansen, Køge, 20 30 40 50`. The number is never cut (it
 * is what the firm acts on); the name and the town are, the longer one first, until it fits one SMS. A
 * name of which nothing is left reads `Ukendt navn`; such a town is left out.
 */
export function leadSmsText(lead: SmsLead): string {
  const first = SMS_FIRST_WORDS[lead.kind ?? "quote"] ?? SMS_FIRST_WORDS.quote;
  const phone = cut(phoneForSms(lead.phone), 40);
  let name = smsWords(lead.name, NAME_WORDS) || NO_NAME;
  let town = smsWords(lead.location ?? "", TOWN_WORDS);
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
