// <elektriker-tilbud>: the quote form for partner and directory sites, one self-contained module
// (dist/widgets/quote-form.embed.js). It renders into a shadow root with its own constructed
// stylesheet, so neither side's CSS reaches the other and a strict CSP needs no 'unsafe-inline'.
// Registered like the islands of the firm's pages (widgets/shared/island.ts), so loading the script twice
// is harmless. Attributes, events and theming: README.md.
import { EMBED } from "../islands.js";
import { defineIsland, type Mount } from "../shared/island.ts";
import { mountWidget } from "../shared/mount.tsx";
import { ensureNoticesRegion } from "../shared/notices-region.tsx";
import { SITE_FACTS } from "../shared/compiled-site-facts.ts";
import { checkSetup } from "./check-setup.ts";
import css from "./embed.css?inline";
import { reportResultFrom } from "./events.ts";
import { QuoteForm } from "./QuoteForm.tsx";
import { keepInMemory } from "./send-later.ts";

/**
 * Shown if the form cannot start: the firm's phone and e-mail, never a blank box. Nothing to escape: the
 * schema of site/_data/business.yaml (site/_lib/data-schemas.js) allows only digits and spaces in the
 * phone number and an e-mail address without '<', '"' or '&'.
 */
const FALLBACK = `<p class="root quote-card" lang="da">Ring til os på <a href="tel:${SITE_FACTS.phone.e164}">${SITE_FACTS.phone.display}</a> eller skriv til <a href="mailto:${SITE_FACTS.email}">${SITE_FACTS.email}</a>.</p>`;

/** A request without a connection waits in the page's memory: nothing is stored on the partner's origin. */
const KEEP_IN_MEMORY = { keeper: keepInMemory(SITE_FACTS), onDevice: false };

const sheet = new CSSStyleSheet();
sheet.replaceSync(css);
let count = 0;

/**
 * Renders the form, configured by the element's attributes, into the element's shadow root, and again
 * whenever the partner's page changes one (README "Attributes").
 */
const mount: Mount = (host) => {
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  root.adoptedStyleSheets = [sheet];
  // Danish text on a partner page in any language: read with a Danish voice.
  ensureNoticesRegion(`${EMBED.tag}-notices`, [sheet]).lang = "da";
  const id = `tilbud-${++count}`;
  return mountWidget(
    host,
    () => {
      // The attributes in the order of their list (widgets/islands.js), each a string or absent.
      const [partner, town, heading, compact, check] = EMBED.observe.map((name) => host.getAttribute(name) ?? undefined);
      if (check !== undefined) checkSetup(SITE_FACTS.backend, partner);
      return (
        <div className="root" lang="da">
          <QuoteForm
            id={id}
            facts={SITE_FACTS}
            heading={heading}
            prefill={town}
            page={location.origin + location.pathname}
            partner={partner}
            compact={compact !== undefined}
            absoluteLinks
            onResult={reportResultFrom(host)}
            keep={KEEP_IN_MEMORY}
          />
        </div>
      );
    },
    { root, fallbackHtml: FALLBACK },
  );
};

// Nothing to wait for or load: the partner's page shows the form as soon as the element is on it.
defineIsland({ ...EMBED, mount });
