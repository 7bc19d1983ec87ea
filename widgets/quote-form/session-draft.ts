// Where the quote form on the firm's own pages keeps its draft: session storage (this tab only, per
// page and form), so a reload loses nothing; without storage (private mode) it forgets. The partner
// embed keeps no draft: session storage on a partner's origin is readable by the partner's own scripts,
// and a visitor's name and phone do not belong there.
import type { QuoteValues } from "#quote-rules";

export type DraftStore = {
  read(): Partial<QuoteValues>;
  /** Keeps `values`, or with `null` forgets the draft. */
  write(values: QuoteValues | null): void;
};

/** The draft under `key` in session storage. */
export function sessionDraft(key: string): DraftStore {
  return {
    read() {
      try {
        return JSON.parse(sessionStorage.getItem(key) ?? "null") ?? {};
      } catch {
        return {}; // no storage, or a damaged draft: start empty
      }
    },
    write(values) {
      try {
        if (values) sessionStorage.setItem(key, JSON.stringify(values));
        else sessionStorage.removeItem(key);
      } catch {
        // No storage: the form still works, it just forgets on reload.
      }
    },
  };
}
