// <elektriker-tilbud>: the quote form for partner and directory sites, one self-contained module
// (dist/widgets/quote-form.embed.js). It renders into a shadow root with its own constructed
// stylesheet, so neither side's CSS reaches the other and a strict CSP needs no 'unsafe-inline'.
// Loading the script twice is harmless. Attributes, events and theming: README.md.
import { mountWidget } from "../shared/mount.tsx";
import { ensureNoticesRegion } from "../shared/notices-region.tsx";
import { SITE_FACTS } from "../shared/compiled-site-facts.ts";
import { checkSetup } from "./check-setup.ts";
import css from "./embed.css?inline";
import { reportResultFrom } from "./events.ts";
import { QuoteForm } from "./QuoteForm.tsx";

export const EMBED_TAG = "elektriker-tilbud";

/**
 * Shown if the form cannot start: the firm's phone and e-mail, never a blank box. Nothing to escape: the
 * schema of site/_data/business.yaml (site/_lib/data-schemas.js) allows only digits and spaces in the
 * phone number and an e-mail address without '<', '"' or '&'.
 */
const FALLBACK = `<p class="root quote-card" lang="da">Ring til os på <a href="tel:${SITE_FACTS.phone.e164}">${SITE_FACTS.phone.display}</a> eller skriv til <a href="mailto:${SITE_FACTS.email}">${SITE_FACTS.email}</a>.</p>`;

if (!customElements.get(EMBED_TAG)) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  let count = 0;

  customElements.define(
    EMBED_TAG,
    class extends HTMLElement {
      #unmount: (() => void) | undefined;
      #id = `tilbud-${++count}`;

      connectedCallback() {
        if (this.#unmount) return;
        const root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
        root.adoptedStyleSheets = [sheet];
        ensureNoticesRegion(`${EMBED_TAG}-notices`, [sheet]);
        // Danish text on a partner page in any language: read with a Danish voice.
        document.querySelector(`${EMBED_TAG}-notices`)?.setAttribute("lang", "da");
        const location = this.getAttribute("location") ?? undefined;
        if (this.hasAttribute("check")) checkSetup(SITE_FACTS.backend, this.getAttribute("partner"));
        this.#unmount = mountWidget(
          this,
          <div className="root" lang="da">
            <QuoteForm
              id={this.#id}
              facts={SITE_FACTS}
              heading={this.getAttribute("heading") ?? undefined}
              prefill={location ? { location } : undefined}
              page={window.location.origin + window.location.pathname}
              partner={this.getAttribute("partner") ?? undefined}
              compact={this.hasAttribute("compact")}
              absoluteLinks
              onResult={reportResultFrom(this)}
            />
          </div>,
          { root, fallbackHtml: FALLBACK },
        );
      }

      disconnectedCallback() {
        this.#unmount?.();
        this.#unmount = undefined;
      }
    },
  );
}
