// No empty icon on any built page (17 cards showed an empty <svg> in a navy square).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { iconShapes } from "../../site/_lib/icons.js";
import { DIST, htmlFiles } from "../support/site.js";

const SHAPES = "path, circle, rect, line, polyline, polygon, ellipse, use, text";

describe("icons", () => {
  it("every <svg> on every built page draws a shape", () => {
    const empty = htmlFiles().flatMap((file) =>
      parse(readFileSync(join(DIST, file), "utf8"))
        .querySelectorAll("svg")
        .filter((svg) => svg.querySelectorAll(SHAPES).length === 0)
        .map((svg) => `${file}: ${(svg.parentNode ?? svg).outerHTML.slice(0, 120)}`),
    );
    expect(empty).toEqual([]);
  });

  it("fails the build on an unknown icon or one that draws nothing", () => {
    expect(iconShapes("phone")).toContain("<path");
    expect(() => iconShapes("no-such-icon")).toThrow(/Unknown icon "no-such-icon"/);
    const drawn = { dot: '<circle cx="12" cy="12" r="4"/>', tick: '<polyline points="4 12 9 17 20 6"/>' };
    for (const name of Object.keys(drawn)) expect(iconShapes(name, drawn)).toBe(drawn[name]);
    const blank = {
      none: "",
      group: "<g></g>",
      path: '<path d=""/>',
      circle: '<circle cx="12" cy="12" r="0"/>',
      rect: '<rect width="0" height="4"/>',
    };
    for (const name of Object.keys(blank))
      expect(() => iconShapes(name, blank), name).toThrow(`Icon "${name}" in widgets/shared/icons.json draws no shape`);
  });
});
