// /anmeldelser shows every review, newest first, and lists them all in its JSON-LD.
export default {
  eleventyComputed: {
    pageReviews: (data) => data.reviews,
  },
};
