// The firm's facts compiled into a browser bundle (only the partner embed, which has no page data):
// the constant Vite's `define` fills in from site/_data/business.yaml (dev/site-facts-define.js).
import type { SiteFacts } from "./site-facts.ts";

declare const __SITE_FACTS__: SiteFacts;
export const SITE_FACTS: SiteFacts = __SITE_FACTS__;
