// The firm's facts the widgets show or use (backend, contact details, site URL, retention), in one
// shape. On the firm's pages they arrive as props from the pages' data (site/_data/business.yaml);
// the partner embed, which has no page data, gets them compiled in as __SITE_FACTS__
// (dev/site-facts-define.js, Vite's `define`).
export type SiteFacts = {
  brand: string;
  /**
   * `region`: where the function must run, the database's region (Supabase "Regional invocation"): the
   * plain form's action carries it as forceFunctionRegion (a form cannot send the x-region header).
   */
  backend: { url: string; anonKey: string; functionName: string; region?: string };
  phone: { display: string; e164: string };
  email: string;
  siteUrl: string;
  retentionMonths: number;
};

/** The business data fields of site/_data/business.yaml that SiteFacts is made from. */
type Business = {
  brand: string;
  backend: Omit<SiteFacts["backend"], "region">;
  processors: { database: { hostRegion: string } };
  phone: SiteFacts["phone"];
  email: string;
  site: { url: string };
  privacy: { requestRetentionMonths: number };
};

/** The widgets' facts from the business data. */
export const siteFactsFrom = (business: Business): SiteFacts => ({
  brand: business.brand,
  // The privacy page promises where a request is received: the function runs in the database's region.
  backend: { ...business.backend, region: business.processors.database.hostRegion },
  phone: business.phone,
  email: business.email,
  siteUrl: business.site.url,
  retentionMonths: business.privacy.requestRetentionMonths,
});
