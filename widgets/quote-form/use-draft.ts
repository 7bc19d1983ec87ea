// The quote form's values as the visitor types them. Nothing typed is lost: at hydration the fields
// themselves are read, in the same task as the commit, so what was typed before or while the code arrived
// stays; an empty field gets the saved draft back, where the form keeps one (session-draft.ts). The time
// of the first keystroke is remembered for the function's fill-time check.
import { type RefObject, useLayoutEffect, useRef, useState } from "react";
import { QUOTE_FIELDS, type QuoteField, type QuoteValues } from "#quote-rules";
import { pageTime } from "./fill-clock.ts";
import type { DraftStore } from "./session-draft.ts";

export type DraftOptions = {
  /** Where the draft is kept, if anywhere. */
  store?: DraftStore;
  /** An area page's city: always the location. */
  location?: string;
  /** A location to start from and to return to after sending, which the visitor can change (the embed's attribute). */
  prefill?: string;
  /** The form whose server-rendered fields hold what was typed before hydration. */
  form: RefObject<HTMLFormElement | null>;
};

const blank = ({ location, prefill }: DraftOptions): QuoteValues => ({
  name: "",
  phone: "",
  email: "",
  message: "",
  location: location ?? prefill ?? "",
});

/** The form's values, `hydrated` once running in the browser, and how to change and reset them. */
export function useDraft(options: DraftOptions) {
  // The build renders the fields empty; the first render matches it, so hydration changes nothing.
  const [values, setValues] = useState<QuoteValues>(() => blank(options));
  const [hydrated, setHydrated] = useState(false);
  const loaded = useRef(false);
  // The page time of the first keystroke (else of hydration, for what was typed before it): the
  // page's own clock, so a wrong system clock cannot make a person look like a bot.
  const startedAt = useRef<number | undefined>(undefined);
  const hydratedAt = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the form comes to life in the browser
  useLayoutEffect(() => {
    const saved = options.store?.read() ?? {};
    const start = blank(options);
    for (const field of QUOTE_FIELDS) {
      const typed = (options.form.current?.elements.namedItem(field) as HTMLInputElement | null)?.value;
      start[field] = typed || saved[field] || start[field];
    }
    if (options.location) start.location = options.location;
    loaded.current = true;
    hydratedAt.current = pageTime();
    setHydrated(true);
    setValues(start);
  }, []);

  // A location set or changed later fills the field unless the visitor has typed there. Adjusted while
  // rendering, as React advises for state that follows a prop: the old one is never shown.
  const prefill = options.prefill ?? "";
  const [shown, setShown] = useState(prefill);
  if (shown !== prefill) {
    setShown(prefill);
    setValues((values) => (values.location === shown ? { ...values, location: prefill } : values));
  }

  // In the commit, not after the next frame: a reload or a link followed right after a keystroke keeps it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft follows the values only
  useLayoutEffect(() => {
    // A form back at its starting values keeps no draft (nor wakes the island early on the next visit).
    const start = blank(options);
    if (loaded.current) options.store?.write(QUOTE_FIELDS.some((field) => values[field] !== start[field]) ? values : null);
  }, [values]);

  return {
    values,
    hydrated,
    /** Milliseconds since the visitor started filling the form in (since hydration if they typed before). */
    elapsedMs: () => Math.round(pageTime() - (startedAt.current ?? hydratedAt.current)),
    set(field: QuoteField, value: string) {
      startedAt.current ??= pageTime();
      setValues((previous) => ({ ...previous, [field]: value }));
    },
    /** Back to the starting values, and the draft forgotten (after a successful send). */
    reset() {
      startedAt.current = undefined;
      setValues(blank(options));
    },
  };
}
