// The home page shows the newest reviews (site/_data/reviews.yaml is sorted newest first at load), each
// as an excerpt (site/_lib/reviews.js). Their markup is on /anmeldelser, where each is shown whole.
import { HOME_REVIEW_COUNT } from "./_lib/data-schemas.js";

export default {
  eleventyComputed: {
    pageReviews: (/** @type {{ reviews: import("./_lib/data-types.js").Review[] }} */ data) => data.reviews.slice(0, HOME_REVIEW_COUNT),
  },
};
