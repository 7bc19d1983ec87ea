// The phone hours and closed days of site/_data/business.yaml, compiled into the every-page script by
// Vite's `define` (dev/site-facts-define.js): the pages carry no data for it, so it costs them no bytes.
import type { PhoneHours } from "./open-now.ts";

declare const __PHONE_HOURS__: PhoneHours;
export const PHONE_HOURS: PhoneHours = __PHONE_HOURS__;
