// The quote form as an island of the firm's pages: rendered at build time with the props Eleventy
// gives it (the firm's facts among them, from site/_data/business.yaml), hydrated with the same props
// from its `props` attribute; the component itself keeps whatever the visitor typed before the code
// arrived (use-draft.ts).
import { ISLANDS } from "../islands.js";
import { hydrated, type PageFacts } from "../shared/island-contract.tsx";
import { savedStateKey } from "../shared/island.ts";
import { reportToPage } from "./events.ts";
import { QuoteForm, type QuoteFormProps } from "./QuoteForm.tsx";
import { keepOnDevice } from "./send-kept.ts";
import { sessionDraft } from "./session-draft.ts";

/**
 * A request without a connection is kept on the device (send-kept.ts). Its code comes with the form's,
 * not on demand: it is needed exactly when nothing can be loaded.
 */
const KEEP_ON_DEVICE = { keeper: keepOnDevice, onDevice: true };

/** What a page's shortcode passes: the form's id and texts; an area page's city (docs/product.md#widget-states). */
type Params = Pick<QuoteFormProps, "id" | "heading" | "intro" | "location">;

export const quoteForm = hydrated<Params & Pick<QuoteFormProps, "page" | "facts" | "onResult">, Params>({
  fromPage: (params, page: PageFacts) => ({ ...params, page: page.path, facts: page.facts }),
  // The draft is kept under the island's tag, so the island wakes at once when one exists (island.ts).
  render: (props) => (
    <QuoteForm {...props} draft={sessionDraft(savedStateKey(ISLANDS.quoteForm.tag, props.page, props.id))} keep={KEEP_ON_DEVICE} />
  ),
  inBrowser: reportToPage,
});
