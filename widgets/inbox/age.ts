// How old a lead is, as a tradesman reads it at a glance ('for 12 min siden', 'i går'), and the clock
// times the inbox prints, on the Copenhagen clock whatever the phone's own time zone (the shared
// calendar of supabase/functions/_shared/copenhagen-time.js, as the e-mails and the statement use).
import { copenhagenDay, danishClock, danishDate } from "../../supabase/functions/_shared/copenhagen-time.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** 'kl. 14.32', as the site prints its hours. */
export const clockTime = (at: Date) => `kl. ${danishClock(at)}`;

/** Whole calendar days between two instants on the Copenhagen clock (0: the same day). */
function calendarDaysBetween(earlier: Date, later: Date) {
  const day = (at: Date) => Date.parse(copenhagenDay(at));
  return Math.round((day(later) - day(earlier)) / (24 * HOUR));
}

/** A lead's age: 'lige nu', 'for 12 min siden', 'for 3 timer siden', 'i går', 'for 4 dage siden', then its date. */
export function ageText(created: Date, now: Date) {
  const elapsed = Math.max(0, now.getTime() - created.getTime());
  if (elapsed < MINUTE) return "lige nu";
  if (elapsed < HOUR) return `for ${Math.floor(elapsed / MINUTE)} min siden`;
  const days = calendarDaysBetween(created, now);
  if (days === 0) {
    const hours = Math.floor(elapsed / HOUR);
    return `for ${hours} ${hours === 1 ? "time" : "timer"} siden`;
  }
  if (days === 1) return "i går";
  if (days < 7) return `for ${days} dage siden`;
  return danishDate(created);
}

/** When something happened, for the history and notes: 'i dag kl. 14.32', 'i går kl. 09.05', '3.11.2026 kl. 08.00'. */
export function whenText(at: Date, now: Date) {
  const days = calendarDaysBetween(at, now);
  const day = days === 0 ? "i dag" : days === 1 ? "i går" : danishDate(at);
  return `${day} ${clockTime(at)}`;
}
