// The towns of a larger firm, made from the site's own: the bench builds the site with 160 and 1 600
// of them to see how the build and an area page grow with the number of towns. Each copy of the
// site's towns gets numbered names ("Køge 2" …) and is moved on a grid of Zealand-sized cells, so the
// copies lie apart as real towns do and an area page's nearest towns are mostly its own copy's, not
// 99 namesakes on the same spot.

/** Degrees between two copies: about 45 km north-south and 44 km east-west, the spread of the site's towns. */
const CELL = { latitude: 0.4, longitude: 0.7 };
/** Copies per row of the grid. */
const ROW = 10;

/**
 * `count` towns from `towns` (areas.yaml as YAML parsed it): the towns in order, then copies of them.
 * @template {{ name: string, latitude: number, longitude: number }} Town
 * @param {Town[]} towns
 * @param {number} count
 * @returns {Town[]}
 */
export function scaledTowns(towns, count) {
  return Array.from({ length: count }, (_, index) => {
    const town = towns[index % towns.length];
    const copy = Math.floor(index / towns.length);
    if (copy === 0) return town;
    return {
      ...town,
      name: `${town.name} ${copy + 1}`,
      latitude: town.latitude + CELL.latitude * Math.floor(copy / ROW),
      longitude: town.longitude + CELL.longitude * (copy % ROW),
    };
  });
}
