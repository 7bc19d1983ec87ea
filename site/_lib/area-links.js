// Which towns a page links to. Only the hub /omraader lists every town; every other page links a fixed
// number of them, so a firm with 1 600 towns builds pages no larger than one with 16: an area page its
// nearest neighbours (NEIGHBOUR_COUNT, computed in data-schemas.js), the footer and the home page the
// towns nearest the base, each list beside a link to the hub (the footer's heading, the home page's
// "Se alle områder").

/** How many of the towns nearest the base each list outside the hub shows. */
export const TOWNS_NEAR_BASE = { footer: 8, home: 8 };

/** The areas sorted by distance from the base, once per build (every page's footer asks). */
const sortedByDistance = new WeakMap();

/**
 * The towns nearest the firm's base, nearest first, as many as the list `place` shows.
 * @template {{ distanceExact: number }} Area
 * @param {Area[]} areas
 * @param {keyof typeof TOWNS_NEAR_BASE} place
 * @returns {Area[]}
 */
export function townsNearBase(areas, place) {
  const count = TOWNS_NEAR_BASE[place];
  if (count === undefined) throw new Error(`townsNearBase: no list "${place}" (${Object.keys(TOWNS_NEAR_BASE).join(", ")})`);
  let sorted = sortedByDistance.get(areas);
  if (!sorted) {
    sorted = [...areas].sort((a, b) => a.distanceExact - b.distanceExact);
    sortedByDistance.set(areas, sorted);
  }
  return sorted.slice(0, count);
}
