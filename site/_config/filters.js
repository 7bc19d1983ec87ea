// Every Nunjucks filter of the site, as one Eleventy plugin (the functions live in site/_lib/).
/// <reference path="../_lib/package-types.d.ts" />
import { townsNearBase } from "../_lib/area-links.js";
import { assetDataUrl } from "../_lib/assets.js";
import { breadcrumbTrail } from "../_lib/breadcrumbs.js";
import { townsByReach } from "../_lib/copy-facts.js";
import { daNumber, hoursText, jsonLd, monthYear } from "../_lib/format.js";
import { gridColumns } from "../_lib/grid-columns.js";
import { nearestReview } from "../_lib/geo.js";
import { jobAnchor, jobsNear, jobsOfService } from "../_lib/jobs.js";
import { deductionService, priceByRole, priceList, priceText } from "../_lib/prices.js";
import { iconShapes } from "../_lib/icons.js";
import { hasPhoto } from "../_lib/photos.js";
import { reviewAnchor, reviewExcerpt } from "../_lib/reviews.js";
import { pageStructuredData } from "../_lib/structured-data.js";
import { cleanUrl } from "../_lib/urls.js";

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
  townsNearBase,
  nearestReview,
  priceText,
  deductionService,
  priceList,
  priceByRole,
  jobsNear,
  jobsOfService,
  jobAnchor,
  reviewExcerpt,
  reviewAnchor,
  hasPhoto,
};

/** @param {import("@11ty/eleventy/UserConfig").default} eleventyConfig */
export default function filters(eleventyConfig) {
  for (const [name, filter] of Object.entries(FILTERS)) eleventyConfig.addFilter(name, filter);
}
