// Reviews outside /anmeldelser (the home page's six, an area page's one) are shown as an excerpt, so a
// customer's long review cannot take a page past the first round trip of a connection (docs/bench.md,
// the `pages` part); /anmeldelser shows every review whole, each at its own address.
import { anchorSlug } from "./slug.js";

/** @typedef {{ name: string, date: string }} Review what a review's address is made from */

/** At most this many characters of a review's text are shown outside /anmeldelser. */
export const REVIEW_EXCERPT_CHARS = 160;

/**
 * The id of a review on /anmeldelser, from its customer and month (the same customer may review twice).
 * @param {Review} review
 */
export function reviewAnchor(review) {
  return `anmeldelse-${anchorSlug(review.name)}-${review.date}`;
}

/**
 * A review's text as shown outside /anmeldelser: whole when it fits, else cut after the last whole
 * sentence that fits (or the last whole word, when no sentence does) and marked with "…".
 * @param {string} text
 * @returns {{ text: string, cut: boolean }}
 */
export function reviewExcerpt(text) {
  if (text.length <= REVIEW_EXCERPT_CHARS) return { text, cut: false };
  const room = text.slice(0, REVIEW_EXCERPT_CHARS);
  const sentence = /^.*[.!?](?=\s)/s.exec(room)?.[0];
  // A sentence shorter than half the room says too little: the words up to the room's end say more.
  if (sentence && sentence.length >= REVIEW_EXCERPT_CHARS / 2) return { text: `${sentence} …`, cut: true };
  const words = room.slice(0, room.lastIndexOf(" ")).replace(/[\s,;:–-]+$/, "");
  return { text: `${words} …`, cut: true };
}
