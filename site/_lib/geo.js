const EARTH_RADIUS_KM = 6371;
const toRadians = (/** @type {number} */ degrees) => (degrees * Math.PI) / 180;

/** @typedef {{ latitude: number, longitude: number }} Point */

/**
 * Great-circle distance in kilometres between two `{ latitude, longitude }` points (haversine).
 * @param {Point} a
 * @param {Point} b
 */
export function distanceKm(a, b) {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/**
 * The `count` places of `places` nearest to `origin` (origin itself excluded), nearest first.
 * @template {Point} Place
 * @param {Point} origin
 * @param {Place[]} places
 * @param {number} count
 */
export function nearest(origin, places, count) {
  return places
    .filter((place) => place !== origin)
    .map((place) => ({ place, km: distanceKm(origin, place) }))
    .sort((a, b) => a.km - b.km)
    .slice(0, count)
    .map(({ place }) => place);
}

/**
 * The `count` areas nearest to `origin` as `{ name, slug, km }`, where `km` is the distance from `origin`
 * as the crow flies, in whole kilometres and at least 1 (a page says "ca. 4 km herfra"). Each area's own
 * `distance` is from the firm's base and is not what a neighbour's line states.
 * @param {{ latitude: number, longitude: number }} origin
 * @param {{ name: string, slug: string, latitude: number, longitude: number }[]} areas
 * @param {number} count
 */
export function neighboursOf(origin, areas, count) {
  return nearest(origin, areas, count).map(({ name, slug, latitude, longitude }) => ({
    name,
    slug,
    km: Math.max(1, Math.round(distanceKm(origin, { latitude, longitude }))),
  }));
}

/**
 * The review a page about `area` shows: the first from the town itself (`km` 0), or else the first from the
 * nearest town that has one, with that town's distance in whole kilometres; undefined when none has one.
 * @template {{ location: string }} Review
 * @param {{ name: string, latitude: number, longitude: number }} area
 * @param {{ name: string, latitude: number, longitude: number }[]} areas
 * @param {Review[]} reviews
 */
export function nearestReview(area, areas, reviews) {
  const own = reviews.find((review) => review.location === area.name);
  if (own) return { review: own, km: 0 };
  const reviewed = areas.filter((other) => other !== area && reviews.some((review) => review.location === other.name));
  const [town] = nearest(area, reviewed, 1);
  if (!town) return undefined;
  return { review: reviews.find((review) => review.location === town.name), km: Math.max(1, Math.round(distanceKm(area, town))) };
}
