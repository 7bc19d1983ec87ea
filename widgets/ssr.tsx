// Build-time rendering of the islands for Eleventy (site/_config/shortcodes.js): the same
// components the browser hydrates, rendered to HTML with preact-render-to-string and wrapped in their
// custom elements, so every page is complete without JavaScript and nothing moves on hydration.
import { renderToString } from "react-dom/server";
import { Faq, type FaqItem } from "./faq/Faq.tsx";
import { MobileMenu, type MobileMenuProps } from "./nav-menu/MobileMenu.tsx";
import { NavMenu, type NavMenuProps } from "./nav-menu/NavMenu.tsx";
import { QuoteForm } from "./quote-form/QuoteForm.tsx";
import { element } from "./shared/html.ts";
import { SITE_FACTS } from "./shared/site-facts.ts";

export type QuoteFormIsland = { id: string; page: string; heading?: string; intro?: string; location?: string };

/** `<elektriker-quote-form>` around the rendered form. */
export function renderQuoteForm(props: QuoteFormIsland): string {
  const html = renderToString(<QuoteForm {...props} facts={SITE_FACTS} />);
  return element(
    "elektriker-quote-form",
    { "form-id": props.id, page: props.page, heading: props.heading, intro: props.intro, location: props.location },
    html,
  );
}

/** `<elektriker-faq>` around the rendered accordion (the items are read back from its markup). */
export function renderFaq(props: { id: string; items: FaqItem[] }): string {
  return element("elektriker-faq", { "faq-id": props.id }, renderToString(<Faq {...props} />));
}

/** `<elektriker-nav>` around the desktop navigation. */
export function renderNav(props: NavMenuProps & { className?: string }): string {
  const { className, ...menu } = props;
  return element("elektriker-nav", { class: className, props: JSON.stringify(menu) }, renderToString(<NavMenu {...menu} />));
}

/** `<elektriker-mobile-menu>` around the small-screen menu. */
export function renderMobileMenu(props: MobileMenuProps & { className?: string }): string {
  const { className, ...menu } = props;
  return element("elektriker-mobile-menu", { class: className, props: JSON.stringify(menu) }, renderToString(<MobileMenu {...menu} />));
}
