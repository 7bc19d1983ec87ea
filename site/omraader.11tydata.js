// Per-area data for site/omraader.njk. A function, not front matter: computed front-matter lists are
// evaluated once for the whole pagination, which gave every area page the first area's breadcrumb.

// The photo slots an area page's gallery picks three from, so neighbouring pages show different ones.
const GALLERY = ["eltavle", "installation", "solceller", "ladestander", "belysning", "erhverv"];

export default {
  eleventyComputed: {
    breadcrumbs: (data) => [{ label: "Områder", path: "/omraader" }, { label: data.area.name }],
    // The first review from this town, where the firm has one (site/_data/reviews.yaml).
    localReview: (data) => data.reviews.find((review) => review.location === data.area.name),
    gallery: (data) => {
      const index = data.areas.findIndex((area) => area.slug === data.area.slug);
      return [0, 1, 2].map((offset) => GALLERY[(index + offset) % GALLERY.length]);
    },
  },
};
