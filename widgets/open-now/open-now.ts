// Whether the phone is answered right now, in Copenhagen time (docs/product.md#open-now): from the phone
// hours and the firm's closed days of site/_data/business.yaml. The clock is read through Intl in
// Europe/Copenhagen, never as a fixed offset, so summer time needs nothing of its own; the days after
// today are counted on the calendar (a calendar day's weekday does not depend on the offset).
import { copenhagenParts } from "../../supabase/functions/_shared/copenhagen-time.js";

/** What the computation needs of business.yaml's `hours`: the phone's days and times, and the closed days. */
export type PhoneHours = {
  days: readonly string[];
  opens: string;
  closes: string;
  /** Days the phone is not answered although their weekday says so, 'YYYY-MM-DD'. */
  closedDays: readonly string[];
  /**
   * Whether a døgnvagt answers the same number outside the hours (business.yaml's `hours.emergency`):
   * then the line says so ('Døgnvagt nu'), never 'Lukket nu' beside a promise of help around the clock.
   */
  emergency?: boolean;
};

export type OpenNow = { open: boolean; text: string };

/** business.yaml's hours as the computation takes them (compiled into the page's script: dev/site-facts-define.js). */
export const phoneHoursFrom = ({
  hours,
}: {
  hours: { phone: Omit<PhoneHours, "closedDays" | "emergency">; closedDays: { date: string }[]; emergency?: string };
}): PhoneHours => ({
  days: hours.phone.days,
  opens: hours.phone.opens,
  closes: hours.phone.closes,
  closedDays: hours.closedDays.map(({ date }) => date),
  emergency: Boolean(hours.emergency),
});

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const DANISH_WEEKDAYS = ["søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"];
/** How far ahead the next opening is looked for (a closed fortnight is already an exception). */
const LOOK_AHEAD_DAYS = 21;

/** '08:00' as Danes say it on a sign: 'kl. 8'; '16:30': 'kl. 16.30'. */
const clock = (time: string) => `kl. ${Number(time.slice(0, 2))}${time.endsWith(":00") ? "" : `.${time.slice(3)}`}`;

/** The calendar day `offset` days after 'YYYY-MM-DD': its date and weekday (0 is Sunday). */
const calendarDay = (day: string, offset: number) => {
  const date = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + offset));
  return { day: date.toISOString().slice(0, 10), weekday: date.getUTCDay(), date };
};

/**
 * Whether the phone is answered now in the phone hours, and the Danish line the header shows: 'Åben nu ·
 * til kl. 17'; outside them 'Døgnvagt nu · åbner kl. 8' where a døgnvagt answers, 'Lukket nu · …' where none does.
 */
export function openNow(hours: PhoneHours, now: Date): OpenNow {
  const { year, month, day, hour, minute } = copenhagenParts(now);
  const today = `${year}-${month}-${day}`;
  const time = `${hour}:${minute}`;
  const answers = (offset: number) => {
    const candidate = calendarDay(today, offset);
    return hours.days.includes(WEEKDAYS[candidate.weekday]) && !hours.closedDays.includes(candidate.day);
  };
  if (answers(0) && time >= hours.opens && time < hours.closes) return { open: true, text: `Åben nu · til ${clock(hours.closes)}` };
  const opens = clock(hours.opens);
  const closed = hours.emergency ? "Døgnvagt nu" : "Lukket nu";
  if (answers(0) && time < hours.opens) return { open: false, text: `${closed} · åbner ${opens}` };
  for (let offset = 1; offset <= LOOK_AHEAD_DAYS; offset++) {
    if (!answers(offset)) continue;
    const { weekday, date } = calendarDay(today, offset);
    // Within a week the weekday says it; further away the date ('4.1.'), alone: with the weekday too the
    // line is wider than the header's box for it (tests/browser/open-now.test.js).
    const when = offset === 1 ? "i morgen" : offset < 7 ? DANISH_WEEKDAYS[weekday] : `${date.getUTCDate()}.${date.getUTCMonth() + 1}.`;
    return { open: false, text: `${closed} · åbner ${when} ${opens}` };
  }
  return { open: false, text: closed };
}
