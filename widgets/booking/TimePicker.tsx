// The free times as one group of radio buttons, a day to a fieldset: a thumb's width each on a phone,
// arrow keys move between them, and a screen reader hears the day with each time. Copenhagen time.
// The day's legend is made from its parts (danishWeekday), as the e-mails write it: Intl's Danish pattern
// has 'den' in one engine's data and not in another's.
import { danishClock, danishWeekday } from "../../supabase/functions/_shared/copenhagen-time.js";
import type { Slot } from "./booking-api.ts";

/** The times by their Copenhagen day, in order. */
function byDay(slots: readonly Slot[]): [string, Slot[]][] {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = danishWeekday(new Date(slot.start));
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days];
}

export function TimePicker({
  id,
  slots,
  chosen,
  onChoose,
  error,
}: {
  id: string;
  slots: readonly Slot[];
  chosen: string | null;
  onChoose: (start: string) => void;
  error?: string;
}) {
  return (
    <fieldset className="booking-days" aria-describedby={error ? `${id}-start-error` : undefined}>
      <legend className="sr-only">Ledige tider</legend>
      {byDay(slots).map(([day, times], dayIndex) => (
        <fieldset key={day} className="booking-day">
          <legend>{day}</legend>
          {times.map((slot, index) => (
            <label key={slot.start} className="booking-time">
              <input
                type="radio"
                name="start"
                value={slot.start}
                id={dayIndex === 0 && index === 0 ? `${id}-start` : undefined}
                checked={chosen === slot.start}
                onChange={() => onChoose(slot.start)}
              />
              <span>kl. {danishClock(new Date(slot.start))}</span>
            </label>
          ))}
        </fieldset>
      ))}
      {error ? (
        <p id={`${id}-start-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
