// The firm's facts for the one browser bundle that has no page data to take them from, the partner
// embed: read at build time from site/_data/business.yaml (with SITE_BACKEND_URL applied as for the
// pages) and compiled in as __SITE_FACTS__ (widgets/shared/compiled-site-facts.ts). The islands of the
// firm's own pages get the same facts as props from Eleventy instead (widgets/ssr.tsx). It lives beside
// the build configurations that read it (vite.widgets.config.ts, vitest.config.js), so the widgets'
// own code never imports the site's.
import { loadData } from "../site/_lib/load-data.js";
import { phoneHoursFrom } from "../widgets/open-now/open-now.ts";
import { siteFactsFrom } from "../widgets/shared/site-facts.ts";

/** The `define` entry for Vite and Vitest; also the phone hours for every page's script (widgets/open-now/). */
export const siteFactsDefine = () => {
  const business = loadData("business");
  return { __SITE_FACTS__: JSON.stringify(siteFactsFrom(business)), __PHONE_HOURS__: JSON.stringify(phoneHoursFrom(business)) };
};
