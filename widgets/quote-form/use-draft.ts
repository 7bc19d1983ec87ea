// The quote form's values as the visitor types them: what was typed before the form hydrated is kept,
// a draft survives a reload (session storage, this tab only), and the time of the first keystroke is
// remembered for the function's fill-time check.
import { useEffect, useRef, useState } from "react";
import type { QuoteField, QuoteValues } from "#quote-rules";
import { pageTime } from "./fill-clock.ts";

export type DraftOptions = {
  /** Where the draft is kept: one per page and form. */
  key: string;
  /** An area page's city: always the location. */
  location?: string;
  /** Values to start from and to return to after sending (the embed's `location` attribute). */
  prefill?: Partial<QuoteValues>;
  /** What the visitor typed before the form hydrated (read from the server-rendered fields). */
  typed?: Partial<QuoteValues>;
};

const blank = ({ location, prefill }: DraftOptions): QuoteValues => ({
  name: "",
  phone: "",
  email: "",
  message: "",
  ...prefill,
  location: location ?? prefill?.location ?? "",
});

/** What the visitor typed before: the fields as hydrated, else the draft kept in session storage. */
function startingValues(options: DraftOptions): QuoteValues {
  const typed = Object.values(options.typed ?? {}).some(Boolean) ? options.typed : undefined;
  let saved: Partial<QuoteValues> | undefined;
  try {
    saved = typed ?? JSON.parse(sessionStorage.getItem(options.key) ?? "null") ?? undefined;
  } catch {
    // No storage (private mode) or a damaged draft: start empty.
  }
  return { ...blank(options), ...saved, ...(options.location ? { location: options.location } : {}) };
}

/** The form's values, `hydrated` once running in the browser, and how to change and reset them. */
export function useDraft(options: DraftOptions) {
  const [values, setValues] = useState<QuoteValues>(() => blank(options));
  const [hydrated, setHydrated] = useState(false);
  // The page time of the first keystroke (else of hydration, for what was typed before it): the
  // page's own clock, so a wrong system clock cannot make a person look like a bot.
  const startedAt = useRef<number | undefined>(undefined);
  const hydratedAt = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the form comes to life in the browser
  useEffect(() => {
    // The build-time HTML is rendered empty, so hydration matches it; then what was typed comes back.
    setHydrated(true);
    hydratedAt.current = pageTime();
    setValues(startingValues(options));
  }, []);

  const save = (next: QuoteValues) => {
    try {
      sessionStorage.setItem(options.key, JSON.stringify(next));
    } catch {
      // Private mode without storage: the form still works, it just forgets on reload.
    }
  };

  return {
    values,
    hydrated,
    /** Milliseconds since the visitor started filling the form in (since hydration if they typed before). */
    elapsedMs: () => Math.round(pageTime() - (startedAt.current ?? hydratedAt.current)),
    set(field: QuoteField, value: string) {
      startedAt.current ??= pageTime();
      const next = { ...values, [field]: value };
      setValues(next);
      save(next);
    },
    /** Back to the blank form, and the draft forgotten (after a successful send). */
    reset() {
      setValues(blank(options));
      startedAt.current = undefined;
      try {
        sessionStorage.removeItem(options.key);
      } catch {
        // Nothing was stored.
      }
    },
  };
}
