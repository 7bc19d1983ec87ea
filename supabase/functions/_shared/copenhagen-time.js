// Times as the firm reads them: Copenhagen's calendar and clock (Europe/Copenhagen, summer time
// included), in Danish. Plain JavaScript so that the functions (Deno) and the operator scripts (Node)
// share it: a lead's day and month are the same in the e-mail, the statement and `npm run leads`.

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Copenhagen",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * The Copenhagen calendar day and clock of a moment, as zero-padded strings.
 * @param {Date} date
 * @returns {{ year: string, month: string, day: string, hour: string, minute: string }}
 */
export function copenhagenParts(date) {
  const found = Object.fromEntries(parts.formatToParts(date).map(({ type, value }) => [type, value]));
  return { year: found.year, month: found.month, day: found.day, hour: found.hour, minute: found.minute };
}

/**
 * A day in Copenhagen as Danes write it: '1.11.2026'.
 * @param {Date} date
 */
export function danishDate(date) {
  return danishDay(copenhagenDay(date));
}

/**
 * A calendar day 'YYYY-MM-DD' as Danes write it: '1.11.2026'.
 * @param {string} day
 */
export function danishDay(day) {
  return `${Number(day.slice(8, 10))}.${Number(day.slice(5, 7))}.${day.slice(0, 4)}`;
}

/**
 * A moment in Copenhagen as Danes write it: '1.11.2026 kl. 00.30'.
 * @param {Date} date
 */
export function danishDateTime(date) {
  return `${danishDate(date)} kl. ${danishClock(date)}`;
}

/**
 * The time of day on the Copenhagen clock, as Danes write it: '09.00'.
 * @param {Date} date
 */
export function danishClock(date) {
  const { hour, minute } = copenhagenParts(date);
  return `${hour}.${minute}`;
}

/**
 * A moment in Copenhagen as a spreadsheet reads it without guessing the order: '2026-11-01 00:30'.
 * @param {Date} date
 */
export function spreadsheetDateTime(date) {
  const { year, month, day, hour, minute } = copenhagenParts(date);
  return `${year}-${month}-${day} ${hour}:${minute}`;
}

/**
 * The Copenhagen calendar day of a moment (by default now), 'YYYY-MM-DD'.
 * @param {Date} [date]
 */
export function copenhagenDay(date = new Date()) {
  const { year, month, day } = copenhagenParts(date);
  return `${year}-${month}-${day}`;
}

/**
 * A day `days` after (or before) another, 'YYYY-MM-DD': calendar days, whatever the clocks do between.
 * @param {string} day
 * @param {number} days
 */
export function addDays(day, days) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const MONTHS = ["januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september", "oktober", "november", "december"];

/**
 * A calendar month in Danish: 'november 2026' for '2026-11'.
 * @param {string} month 'YYYY-MM' (or a 'YYYY-MM-DD' within it)
 */
export function danishMonth(month) {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

const WEEKDAYS = ["søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"];

/**
 * A booked visit in Danish, Copenhagen time: 'torsdag den 3. december 2026 kl. 09.00–10.00'. Made from
 * the day's parts, not Intl's Danish pattern: that has 'den' in one engine's data and not in another's.
 * @param {{ start: string | Date, end: string | Date }} visit
 */
export function danishVisit(visit) {
  const start = new Date(visit.start);
  return `${danishWeekday(start)} ${copenhagenParts(start).year} kl. ${danishClock(start)}–${danishClock(new Date(visit.end))}`;
}

/**
 * A Copenhagen day with its weekday, without the year: 'torsdag den 3. december'. Made from the day's
 * parts, as danishVisit says why.
 * @param {Date} date
 */
export function danishWeekday(date) {
  const { year, month, day } = copenhagenParts(date);
  const weekday = WEEKDAYS[new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay()];
  return `${weekday} den ${Number(day)}. ${MONTHS[Number(month) - 1]}`;
}
