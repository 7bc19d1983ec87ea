// The quote form as an island of the firm's pages: rendered at build time with the props Eleventy
// gives it (the firm's facts among them, from site/_data/business.yaml), hydrated with the same props
// from its `props` attribute, and whatever the visitor typed before the code arrived is kept.
import { QUOTE_FIELDS, type QuoteField } from "#quote-rules";
import { ISLANDS } from "../islands.js";
import type { Mount } from "../shared/island.ts";
import { hydrateIsland, type IslandContract } from "../shared/island-contract.tsx";
import { ensureNoticesRegion } from "../shared/notices-region.tsx";
import { reportResultFrom } from "./events.ts";
import { QuoteForm, type QuoteFormProps } from "./QuoteForm.tsx";

/** What a page's shortcode passes: the form's id, page and texts, and the firm's facts. */
export type QuoteFormIslandProps = Pick<QuoteFormProps, "id" | "page" | "heading" | "intro" | "location" | "facts"> &
  Pick<Partial<QuoteFormProps>, "typed" | "onResult">;

export const quoteFormIsland: IslandContract<QuoteFormIslandProps> = {
  tag: ISLANDS.quoteForm.tag,
  render: (props) => <QuoteForm {...props} />,
};

/** Hydrates the quote form island, keeping what was typed into the server-rendered fields. */
export const mount: Mount = (host) => {
  ensureNoticesRegion("elektriker-notices");
  const typed: Partial<Record<QuoteField, string>> = {};
  for (const field of QUOTE_FIELDS) {
    const input = host.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${field}"]`);
    if (input) typed[field] = input.value;
  }
  return hydrateIsland(quoteFormIsland, host, { typed, onResult: reportResultFrom(host) });
};
