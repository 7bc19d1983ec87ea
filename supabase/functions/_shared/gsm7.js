// The GSM-7 alphabet (GSM 03.38) an SMS is written in, and how long a text is in it. Plain JavaScript so
// that the function (Deno, through sms-text.ts) and the local stand-in of the SMS provider (Node,
// dev/local/sms-stand-in.js) count alike. One SMS is 160 septets; a single character outside the alphabet
// makes the whole message UCS-2 (70 characters an SMS), so what the function sends never has one.

/** The default alphabet (one septet each), without the escape to the extension table. */
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
/** The extension table: each costs two septets (the escape and the character). */
const GSM_EXTENSION = new Set("^{}\\[~]|€\f");

/** The septets one SMS holds in GSM-7 (153 each when a message is split, which the function's never is). */
export const SMS_SEPTETS = 160;

/**
 * Characters outside GSM-7 that have a plain stand-in: typography, and letters that have no accent to
 * take off (ł, đ, œ).
 * @type {Record<string, string>}
 */
const STAND_INS = {
  "\u00a0": " ",
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u00ab": '"',
  "\u00bb": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u00b4": "'",
  "\u0060": "'",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  œ: "oe",
  Œ: "OE",
  ı: "i",
};

/**
 * The septets `text` takes in GSM-7, or null when a character is not in it (the message would be UCS-2).
 * @param {string} text
 * @returns {number | null}
 */
export function gsm7Length(text) {
  let septets = 0;
  for (const character of text) {
    if (GSM_BASIC.has(character)) septets += 1;
    else if (GSM_EXTENSION.has(character)) septets += 2;
    else return null;
  }
  return septets;
}

/**
 * `text` in GSM-7's default alphabet on one line: a character outside it becomes its stand-in, or its
 * letter without the accent (ő → o, ž → z, ç → c), or goes; line breaks and runs of spaces become one
 * space. The extension table is left out too: a name or a town has no use for braces, and each costs two.
 * @param {string} text
 */
export function toGsm7(text) {
  let out = "";
  for (const character of text.normalize("NFC")) {
    if (GSM_BASIC.has(character)) out += character;
    else if (STAND_INS[character] !== undefined) out += STAND_INS[character];
    else
      out += [...character.normalize("NFD").replace(/\p{M}/gu, "")]
        .map((part) => (GSM_BASIC.has(part) ? part : (STAND_INS[part] ?? "")))
        .join("");
  }
  return out.replace(/\s+/g, " ").trim();
}
