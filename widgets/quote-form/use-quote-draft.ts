// The quote form's values and their draft. The draft lives in session storage (per page and form), so a
// reload loses nothing; without storage the form still works. At hydration the fields themselves are
// read, synchronously in the same task, so nothing typed before or while the code arrived is lost: a
// field the visitor typed in keeps what they typed, an empty one gets the saved draft back.
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { QUOTE_FIELDS, type QuoteField, type QuoteValues } from "../../supabase/functions/_shared/quote-checks.ts";
import { savedStateKey } from "../shared/island.ts";

/** The island's tag: the draft is kept under it, so the island wakes at once when a draft exists. */
const ISLAND_TAG = "elektriker-quote-form";

export type DraftOptions = {
  id: string;
  page: string;
  /** An area page's city: always the location. */
  location?: string;
  /** Values to start from and to return to after sending. */
  prefill?: Partial<QuoteValues>;
  form: RefObject<HTMLFormElement | null>;
};

/** Reads the draft, or with `values` writes it (`null` removes it); without storage (private mode) it forgets. */
function stored(key: string, values?: QuoteValues | null): Partial<QuoteValues> {
  try {
    if (values) sessionStorage.setItem(key, JSON.stringify(values));
    else if (values === null) sessionStorage.removeItem(key);
    else return JSON.parse(sessionStorage.getItem(key) ?? "null") ?? {};
  } catch {
    // No storage, or a damaged draft: start empty.
  }
  return {};
}

/** The form's values, a setter for one field, and `clear` after a successful send. */
export function useQuoteDraft({ id, page, location, prefill, form }: DraftOptions) {
  const key = savedStateKey(ISLAND_TAG, page, id);
  const blank = (): QuoteValues => ({ name: "", phone: "", email: "", message: "", ...prefill, location: location ?? prefill?.location ?? "" });
  // The build renders the fields empty; the first render matches it, so hydration changes nothing.
  const [values, setValues] = useState<QuoteValues>(blank);
  const loaded = useRef(false);

  useLayoutEffect(() => {
    const saved = stored(key);
    const start = blank();
    for (const field of QUOTE_FIELDS) {
      const typed = (form.current?.elements.namedItem(field) as HTMLInputElement | null)?.value;
      start[field] = typed || saved[field] || start[field];
    }
    if (location) start.location = location;
    loaded.current = true;
    setValues(start);
  }, []);

  useEffect(() => {
    // A form back at its starting values keeps no draft (nor wakes the island early on the next visit).
    const start = blank();
    if (loaded.current) stored(key, QUOTE_FIELDS.some((field) => values[field] !== start[field]) ? values : null);
  }, [values]);

  const setField = (field: QuoteField, value: string) => setValues((previous) => ({ ...previous, [field]: value }));
  const clear = () => setValues(blank());
  return { values, setField, clear };
}
