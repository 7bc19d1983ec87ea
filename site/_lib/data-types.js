// The types of the validated data files, for JSDoc. Each is what its schema in data-schemas.js puts
// out, so a type cannot drift from the check the build runs.

/** @typedef {import("zod").output<typeof import("./data-schemas.js").dataSchemas.business>} Business site/_data/business.yaml */
/** @typedef {import("zod").output<typeof import("./data-schemas.js").dataSchemas.areas>[number]} Area an area of site/_data/areas.yaml, with its slug and neighbours */
/** @typedef {import("zod").output<typeof import("./data-schemas.js").dataSchemas.reviews>[number]} Review a review of site/_data/reviews.yaml */
/** @typedef {import("zod").output<typeof import("./data-schemas.js").dataSchemas.services>[number]} Service a service card of site/_data/services.yaml */
/** @typedef {import("zod").output<typeof import("./data-schemas.js").dataSchemas.navigation>} Navigation site/_data/navigation.yaml */
/** @typedef {import("zod").output<typeof import("./data-schemas.js").dataSchemas.photos>} Photos site/_data/photos.yaml, slot to photo */
/** @typedef {import("zod").output<typeof import("./data-schemas.js").dataSchemas.prices>} Prices site/_data/prices.yaml */
/** @typedef {import("zod").output<typeof import("./data-schemas.js").dataSchemas.jobs>[number]} Job a finished job of site/_data/jobs.yaml */
