// Hydrates a server-rendered <elektriker-quote-form>: its attributes are the props the build rendered
// with; the component itself keeps whatever the visitor typed before the code arrived.
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
  return mountWidget(
    host,
    <QuoteForm
      id={id}
      facts={SITE_FACTS}
      page={attribute("page") ?? location.pathname}
      heading={attribute("heading")}
      intro={attribute("intro")}
      location={attribute("location")}
      onResult={reportResultFrom(host)}
    />,
    { hydrate: true },
  );
};
