/**
 * The column classes of a card grid for `count` cards: 4 and 8 as 2 × 2 or 4 across, 3 and 9 three across,
 * 6 as 2 or 3 across, other even counts two across. A count that nothing divides (5, 7, 11 …) is content
 * the firm may well have, so it gets two and three across with a shorter last row: layout adapts, the
 * build never refuses valid content.
 * @param {number} count
 */
export function gridColumns(count) {
  if (count % 4 === 0) return "sm:grid-cols-2 lg:grid-cols-4";
  if (count % 6 === 0) return "sm:grid-cols-2 lg:grid-cols-3";
  if (count % 3 === 0) return "lg:grid-cols-3";
  if (count % 2 === 0) return "sm:grid-cols-2";
  if (count === 1) return "";
  return "sm:grid-cols-2 lg:grid-cols-3";
}
