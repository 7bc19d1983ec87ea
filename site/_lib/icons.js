// The line icons of widgets/shared/icons.json (shared with the widgets), looked up by name for the `icon`
// macro. A name that is unknown or whose entry draws nothing fails the build: an empty <svg> in a navy
// square once shipped on 17 cards because the macro had no icon table in scope.
import { readFileSync } from "node:fs";

const ICONS = JSON.parse(readFileSync(new URL("../../widgets/shared/icons.json", import.meta.url), "utf8"));
// Elements that draw something, with the attribute that must not be empty for them to do so.
const SHAPE =
  /<(path\s[^>]*\bd="[^"]+"|circle\s[^>]*\br="[^"0][^"]*"|rect\s[^>]*\bwidth="[^"0][^"]*"|line\s|polyline\s[^>]*\bpoints="[^"]+"|polygon\s[^>]*\bpoints="[^"]+"|ellipse\s)/;

/**
 * The inner SVG markup of icon `name` (from widgets/shared/icons.json, or `icons`); throws when the name is
 * unknown or its markup draws no shape.
 * @param {string} name
 * @param {Record<string, string>} [icons]
 */
export function iconShapes(name, icons = ICONS) {
  const markup = icons[name];
  if (typeof markup !== "string") throw new Error(`Unknown icon "${name}": add it to widgets/shared/icons.json`);
  if (!SHAPE.test(markup)) throw new Error(`Icon "${name}" in widgets/shared/icons.json draws no shape`);
  return markup;
}
