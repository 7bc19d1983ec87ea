// The firm's facts the widgets show or use (backend, contact details, site URL, retention), in one
// shape. On the firm's pages they arrive as props from the pages' data (site/_data/business.yaml);
// the partner embed, which has no page data, gets them compiled in as __SITE_FACTS__
// (dev/site-facts-define.js, Vite's `define`).
export type SiteFacts = {
  brand: string;
  backend: { url: string; anonKey: string; functionName: string };
  phone: { display: string; e164: string };
  email: string;
  siteUrl: string;
  retentionMonths: number;
};

/** The business data fields of site/_data/business.yaml that SiteFacts is made from. */
type Business = {
  brand: string;
  backend: SiteFacts["backend"];
  phone: SiteFacts["phone"];
  email: string;
  site: { url: string };
  privacy: { requestRetentionMonths: number };
};

/** The widgets' facts from the business data. */
export const siteFactsFrom = (business: Business): SiteFacts => ({
  brand: business.brand,
  backend: business.backend,
  phone: business.phone,
  email: business.email,
  siteUrl: business.site.url,
  retentionMonths: business.privacy.requestRetentionMonths,
});
