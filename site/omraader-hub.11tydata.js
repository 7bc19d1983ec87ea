// The /omraader hub lists every area page, nearest first; the same list is its ItemList JSON-LD.
/** @type {{ eleventyComputed: Record<string, (data: { areas: import("./_lib/data-types.js").Area[] }) => unknown> }} */
export default {
  eleventyComputed: {
    itemList: (data) =>
      [...data.areas]
        .sort((a, b) => a.distanceExact - b.distanceExact)
        .map((area) => ({ label: `Elektriker i ${area.name}`, path: `/omraader/${area.slug}` })),
  },
};
