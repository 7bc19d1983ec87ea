// The firm's facts, injected at build time from site/_data/business.yaml (widgets/site-facts.js).
export type SiteFacts = {
  brand: string;
  backend: { url: string; anonKey: string; functionName: string };
  phone: { display: string; e164: string };
  email: string;
  siteUrl: string;
  retentionMonths: number;
};

declare const __SITE_FACTS__: SiteFacts;
export const SITE_FACTS: SiteFacts = __SITE_FACTS__;
