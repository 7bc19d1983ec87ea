// Per-area data for site/omraader.njk. A function, not front matter: computed front-matter lists are
// evaluated once for the whole pagination, which gave every area page the first area's breadcrumb.
export default {
  eleventyComputed: {
    breadcrumbs: (data) => [{ label: `Elektriker i ${data.area.name}` }],
  },
};
