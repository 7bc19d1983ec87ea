// What the widgets need to know about the firm, read at build time from the one business data file
// (site/_data/business.yaml, with SITE_BACKEND_URL applied as for the pages). Vite and the widget
// tests inject it as the compile-time constant __SITE_FACTS__ (widgets/shared/site-facts.ts).
import { loadData } from "../site/_lib/load-data.js";

/** The firm's facts the widgets show or use: backend, contact details, site URL, retention. */
export function siteFacts() {
  const business = loadData("business");
  return {
    brand: business.brand,
    backend: business.backend,
    phone: business.phone,
    email: business.email,
    siteUrl: business.site.url,
    retentionMonths: business.privacy.requestRetentionMonths,
  };
}

/** The `define` entry for Vite and Vitest. */
export const siteFactsDefine = () => ({ __SITE_FACTS__: JSON.stringify(siteFacts()) });
