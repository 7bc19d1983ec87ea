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

/** A neighbour as a page shows it: `km` from the town the page is about, whole kilometres, at least 1. */
const asNeighbour = (/** @type {Point} */ origin, /** @type {{ name: string, slug: string } & Point} */ place) => ({
  name: place.name,
  slug: place.slug,
  km: Math.max(1, Math.round(distanceKm(origin, place))),
});

/**
 * The `count` areas nearest to `origin` as `{ name, slug, km }`, where `km` is the distance from `origin`
 * as the crow flies, in whole kilometres and at least 1 (a page says "ca. 4 km herfra"). Each area's own
 * `distance` is from the firm's base and is not what a neighbour's line states.
 * @param {{ latitude: number, longitude: number }} origin
 * @param {{ name: string, slug: string, latitude: number, longitude: number }[]} areas
 * @param {number} count
 */
export function neighboursOf(origin, areas, count) {
  return nearest(origin, areas, count).map((place) => asNeighbour(origin, place));
}

/**
 * The neighbours of every area at once (index for index, as `neighboursOf` gives each): one sort by
 * latitude, then for each area a walk outwards in latitude that stops once the latitude alone puts a
 * town further away than the nearest `count` found so far (no two points are closer than their
 * difference in latitude). With towns spread over a country that is a few dozen distances per town,
 * where asking `neighboursOf` of every town measures every pair: 1 600 towns, 2.5 million distances.
 * Ties keep the areas' order, as `nearest` does.
 * @template {{ name: string, slug: string, latitude: number, longitude: number }} Area
 * @param {Area[]} areas
 * @param {number} count
 */
export function neighbourTable(areas, count) {
  const byLatitude = areas.map((_, index) => index).sort((a, b) => areas[a].latitude - areas[b].latitude || a - b);
  const kmPerDegree = (EARTH_RADIUS_KM * Math.PI) / 180;
  return byLatitude
    .map((index, rank) => {
      const origin = areas[index];
      /** The nearest found so far, nearest first. @type {{ index: number, km: number }[]} */
      const best = [];
      const consider = (/** @type {number} */ other) => {
        const km = distanceKm(origin, areas[other]);
        const worse = (/** @type {{ index: number, km: number }} */ found) => found.km > km || (found.km === km && found.index > other);
        const at = best.findIndex(worse);
        if (at >= 0) best.splice(at, 0, { index: other, km });
        else best.push({ index: other, km });
        if (best.length > count) best.pop();
      };
      const settled = (/** @type {number} */ other) =>
        best.length === count &&
        Math.abs(areas[other].latitude - origin.latitude) * kmPerDegree > /** @type {{ km: number }} */ (best.at(-1)).km;
      for (let down = rank - 1; down >= 0 && !settled(byLatitude[down]); down--) consider(byLatitude[down]);
      for (let up = rank + 1; up < byLatitude.length && !settled(byLatitude[up]); up++) consider(byLatitude[up]);
      return { index, neighbours: best.map((found) => asNeighbour(origin, areas[found.index])) };
    })
    .sort((a, b) => a.index - b.index)
    .map(({ neighbours }) => neighbours);
}

/** The towns with a review, per list of areas and list of reviews: found once per build, not once per page. */
const reviewedTowns = new WeakMap();

/**
 * The review a page about `area` shows: the first from the town itself (`km` 0), or else the first from the
 * nearest town that has one, with that town's distance in whole kilometres; undefined when none has one.
 * @template {{ location: string }} Review
 * @template {{ name: string, latitude: number, longitude: number }} Area
 * @param {Area} area
 * @param {Area[]} areas
 * @param {Review[]} reviews
 */
export function nearestReview(area, areas, reviews) {
  const own = reviews.find((review) => review.location === area.name);
  if (own) return { review: own, km: 0 };
  if (!reviewedTowns.has(areas)) reviewedTowns.set(areas, new WeakMap());
  const byReviews = reviewedTowns.get(areas);
  if (!byReviews.has(reviews)) {
    const locations = new Set(reviews.map((review) => review.location));
    byReviews.set(
      reviews,
      areas.filter((other) => locations.has(other.name)),
    );
  }
  const [town] = nearest(area, /** @type {Area[]} */ (byReviews.get(reviews)), 1);
  if (!town) return undefined;
  return { review: reviews.find((review) => review.location === town.name), km: Math.max(1, Math.round(distanceKm(area, town))) };
}
