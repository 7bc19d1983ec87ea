// Numbers a reader takes in at a glance never break over two lines: the phone number ("12 34 56 78"),
// times ("7.00–17.00"), and amounts with their unit ("12 km", "75–85 %", "2–4 timer"); nor do an e-mail
// address (which may break after its "@" only) and the word "e-mail" at their hyphens. Built pages once
// showed 'Store Heddinge 12 / km', '07:00- / 17:00', 'kontakt@eksempel- / el.example' and 'e- / mail'.
// Rather than trusting every template and data file to remember, the build wraps each such run of page
// text in a no-wrap span (`.nowrap` in site/styles/main.css: `display: contents`, so inside a flex row
// the text stays one item, with no extra gap).
const UNITS = "km|kW|%|timer|hverdage|arbejdsdage|dage|år|minutter|m²|m2|kr\\.";
const NUMBER = "\\d+(?:[.,]\\d+)?";
const TIME = "\\d{1,2}[.:]\\d{2}";
const EMAIL = "[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)+";
const EMAIL_WORD = "\\be-mail\\p{L}*";
const EMAIL_ONLY = new RegExp(`^${EMAIL}$`);
/**
 * An e-mail address may break after its "@", and nowhere else: whole, it is wider than a card's text on a
 * 360 px phone (Android's most common width), where it widened /kontakt's column past the page's margin.
 * @param {string} email
 */
const breakableAfterAt = (email) => {
  const at = email.indexOf("@") + 1;
  return `<span class="nowrap">${email.slice(0, at)}</span><wbr><span class="nowrap">${email.slice(at)}</span>`;
};
/** A range of weekdays ("mandag–fredag"), which broke at its dash beside a time. */
const DAY_RANGE = "\\p{L}+dag\\s?–\\s?\\p{L}+dag";
/** "24/7" with the word before it ("døgnvagt 24/7"): alone on a line it reads as a date. */
const ROUND_THE_CLOCK = "\\p{L}+\\s24/7";
// Elements whose text is not prose laid out by the page: scripts, styles, the title, form values, and the
// islands' server-rendered markup (custom elements), which their components hydrate and must match.
const OPAQUE = /^(script|style|title|textarea|option|svg|[a-z]+-[a-z-]+)$/;

/**
 * The runs of text that must stay on one line: the phone number, time ranges, numbers with their unit.
 * @param {string} phoneDisplay the phone number as shown (business.yaml's phone.display)
 */
function unbreakableRuns(phoneDisplay) {
  const phone = phoneDisplay
    .trim()
    .split(/\s+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\s");
  return new RegExp(
    `${EMAIL}|${EMAIL_WORD}|${ROUND_THE_CLOCK}|${DAY_RANGE}|${phone}|(?:kl\\. )?${TIME}\\s?[–-]\\s?${TIME}|${NUMBER}(?:\\s?[–-]\\s?${NUMBER})?\\s(?:${UNITS})(?![\\p{L}\\d])|${NUMBER}\\s?[–-]\\s?${NUMBER}`,
    "gu",
  );
}

/**
 * A function that keeps the same runs together in plain text, for the islands' text props (an FAQ answer),
 * which their components render themselves: spaces become no-break spaces, and a word joiner follows each
 * dash ("2–4 timer" broke after its dash or before "timer" on a 375 px phone).
 * @param {string} phoneDisplay the phone number as shown (business.yaml's phone.display)
 * @returns {(text: string) => string}
 */
export function keepTextTogether(phoneDisplay) {
  const pattern = unbreakableRuns(phoneDisplay);
  return (text) => text.replace(pattern, (match) => match.replace(/\s/g, "\u00a0").replace(/[–-]/g, "$&\u2060"));
}

/**
 * A function that wraps, in the text of an HTML page, the phone number and every number with its unit in a no-wrap span.
 * @param {string} phoneDisplay the phone number as shown (business.yaml's phone.display)
 * @returns {(html: string) => string}
 */
export function keepTogether(phoneDisplay) {
  const pattern = unbreakableRuns(phoneDisplay);
  return (html) => {
    /** @type {string[]} the opaque elements the text is inside, innermost last */
    const stack = [];
    return html.replace(
      /(<!--[\s\S]*?-->|<[^>]+>)|([^<]+)/g,
      (whole, /** @type {string | undefined} */ tag, /** @type {string} */ text) => {
        if (tag) {
          const name = /^<\/?([a-zA-Z][\w-]*)/.exec(tag)?.[1]?.toLowerCase();
          if (name && OPAQUE.test(name) && !tag.endsWith("/>")) {
            if (tag.startsWith("</")) stack.pop();
            else stack.push(name);
          }
          return whole;
        }
        if (stack.length > 0 || !/\d|@|e-mail|dag–/i.test(text)) return whole;
        return text.replace(pattern, (match) =>
          EMAIL_ONLY.test(match) ? breakableAfterAt(match) : `<span class="nowrap">${match}</span>`,
        );
      },
    );
  };
}
