// /anmeldelser shows every review, newest first, and lists them all in its JSON-LD.
export default {
  eleventyComputed: {
    pageReviews: (/** @type {{ reviews: import("./_lib/data-types.js").Review[] }} */ data) => data.reviews,
  },
};
