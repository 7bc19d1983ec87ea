// Every Nunjucks filter of the site, as one Eleventy plugin (the functions live in site/_lib/).
/// <reference path="../_lib/package-types.d.ts" />
import { townsNearBase } from "../_lib/area-links.js";
import { assetDataUrl } from "../_lib/assets.js";
import { breadcrumbTrail } from "../_lib/breadcrumbs.js";
import { projectsText, reachText, townsByReach } from "../_lib/copy-facts.js";
import { daNumber, hoursText, jsonLd, monthYear } from "../_lib/format.js";
import { gridColumns } from "../_lib/grid-columns.js";
import { nearestReview } from "../_lib/geo.js";
import { jobAnchor, jobPriceText, jobsNear, jobsOfService } from "../_lib/jobs.js";
import { cardPrice, deductionService, popularPrices, priceByRole, priceList, priceNamed, priceText } from "../_lib/prices.js";
import { ContentError } from "../_lib/content-errors.js";
import { iconShapes } from "../_lib/icons.js";
import { hasPhoto } from "../_lib/photos.js";
import { reviewAnchor, reviewExcerpt } from "../_lib/reviews.js";
import { pageStructuredData } from "../_lib/structured-data.js";
import { cleanUrl } from "../_lib/urls.js";

/**
 * `{{ prices | namedPrice("Ny eltavle") }}`: a price a page's own copy names by its title, written as the
 * price lists write it. A title the list no longer has stops the build with a Danish line saying which.
 * @this {{ page: { url: string } }}
 * @param {import("../_lib/data-types.js").Prices} prices
 * @param {string} title
 */
function namedPrice(prices, title) {
  const item = priceNamed(prices, title);
  if (item) return priceText(item);
  throw new ContentError("site/_data/prices.yaml (Priser i CMS'et)", [
    `Siden ${cleanUrl(this.page.url)} nævner prisen "${title}", men der er ingen pris med den titel. Giv prisen titlen igen, eller bed udvikleren rette siden.`,
  ]);
}

const FILTERS = {
  jsonLd,
  daNumber,
  monthYear,
  hoursText,
  gridColumns,
  iconShapes,
  cleanUrl,
  breadcrumbTrail,
  pageStructuredData,
  assetDataUrl,
  townsByReach,
  reachText,
  projectsText,
  townsNearBase,
  nearestReview,
  priceText,
  cardPrice,
  popularPrices,
  namedPrice,
  deductionService,
  priceList,
  priceByRole,
  jobsNear,
  jobsOfService,
  jobAnchor,
  jobPriceText,
  reviewExcerpt,
  reviewAnchor,
  hasPhoto,
};

/** @param {import("@11ty/eleventy/UserConfig").default} eleventyConfig */
export default function filters(eleventyConfig) {
  for (const [name, filter] of Object.entries(FILTERS)) eleventyConfig.addFilter(name, filter);
}
