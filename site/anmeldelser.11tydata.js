// /anmeldelser shows every review whole, newest first, and is the one page whose JSON-LD lists them:
// structured data describes what a page shows, and elsewhere a review may be shown cut (site/_lib/reviews.js).
export default {
  eleventyComputed: {
    pageReviews: (/** @type {{ reviews: import("./_lib/data-types.js").Review[] }} */ data) => data.reviews,
    reviewMarkup: (/** @type {{ reviews: import("./_lib/data-types.js").Review[] }} */ data) => data.reviews,
  },
};
