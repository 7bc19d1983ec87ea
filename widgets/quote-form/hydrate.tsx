// Hydrates a server-rendered <elektriker-quote-form>: its attributes are the props the build rendered
// with, and whatever the visitor typed before the code arrived is kept.
import { QUOTE_FIELDS, type QuoteField } from "#quote-rules";
import type { Mount } from "../shared/island.ts";
import { mountWidget } from "../shared/mount.tsx";
import { ensureNoticesRegion } from "../shared/notices-region.tsx";
import { SITE_FACTS } from "../shared/site-facts.ts";
import { reportResultFrom } from "./events.ts";
import { QuoteForm } from "./QuoteForm.tsx";

/** Hydrates the quote form island. */
export const mount: Mount = (host) => {
  ensureNoticesRegion("elektriker-notices");
  const attribute = (name: string) => host.getAttribute(name) ?? undefined;
  const id = attribute("form-id") ?? "quote";
  const typed: Partial<Record<QuoteField, string>> = {};
  for (const field of QUOTE_FIELDS) {
    const input = host.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${id}-${field}`);
    if (input) typed[field] = input.value;
  }
  return mountWidget(
    host,
    <QuoteForm
      id={id}
      facts={SITE_FACTS}
      page={attribute("page") ?? location.pathname}
      heading={attribute("heading")}
      intro={attribute("intro")}
      location={attribute("location")}
      typed={typed}
      onResult={reportResultFrom(host)}
    />,
    { hydrate: true },
  );
};
