// The home page shows the newest reviews (site/_data/reviews.yaml is sorted newest first at load), and
// only those go into its JSON-LD: structured data describes what the page shows.
import { HOME_REVIEW_COUNT } from "./_lib/data-schemas.js";

export default {
  eleventyComputed: {
    pageReviews: (/** @type {{ reviews: import("./_lib/data-types.js").Review[] }} */ data) => data.reviews.slice(0, HOME_REVIEW_COUNT),
  },
};
