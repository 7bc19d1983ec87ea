// Every Nunjucks filter of the site, registered in a loop by eleventy.config.js.
export { jsonLd } from "./json-ld.js";
export { daNumber } from "./da-number.js";
export { cleanUrl } from "./clean-url.js";
export { breadcrumbTrail } from "./breadcrumb-trail.js";
export { pageStructuredData } from "./structured-data.js";
export { headerRules } from "./header-rules.js";
export { monthYear } from "./month-year.js";
export { iconShapes } from "./icon-shapes.js";
export { hoursText } from "./hours-text.js";
export { gridColumns } from "./grid-columns.js";
