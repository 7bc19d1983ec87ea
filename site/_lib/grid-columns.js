/**
 * The column classes of a card grid that fits `count` cards with no lone card on the last row
 * (a fourth card alone under three once showed on every area page): 4 and 8 as 2 × 2 or 4 across, 3 and 9
 * three across, 6 as 2 or 3 across, other even counts two across.
 * @param {number} count
 */
export function gridColumns(count) {
  if (count % 4 === 0) return "sm:grid-cols-2 lg:grid-cols-4";
  if (count % 6 === 0) return "sm:grid-cols-2 lg:grid-cols-3";
  if (count % 3 === 0) return "lg:grid-cols-3";
  if (count % 2 === 0) return "sm:grid-cols-2";
  if (count === 1) return "";
  throw new Error(`${count} cards leave one alone on the last row: use an even number or a multiple of 3`);
}
