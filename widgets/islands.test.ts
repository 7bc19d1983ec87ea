// The one list of islands (islands.js) and the modules it names agree: what every page's module
// (every-page.ts) mounts and what the build renders (ssr.tsx) is there under each island's name.
import { describe, expect, it } from "vitest";
import { type Island, ISLANDS } from "./islands.js";

const modules = import.meta.glob<Record<string, Record<string, unknown>>>("./*/island.{ts,tsx}", { eager: true });

describe("every island of islands.js", () => {
  for (const [name, island] of Object.entries<Island>(ISLANDS)) {
    it(`${name}: its module exports it, with what its entry asks of it`, () => {
      const file = ["ts", "tsx"].find((type) => modules[`./${island.folder}/island.${type}`]);
      const exported = modules[`./${island.folder}/island.${file}`]?.[name];
      expect(typeof exported?.mount, "an island.ts or island.tsx in its folder, exporting it under its name").toBe("function");
      // Rendered by the build only as a component, and read back from its markup only by its own reader.
      if (island.shortcode) expect(file === "tsx" && typeof exported?.render).toBe("function");
      if (island.props === "markup") expect(typeof exported?.readProps).toBe("function");
    });
  }

  it("has a tag and a shortcode of its own", () => {
    const islands = Object.values<Island>(ISLANDS);
    expect(new Set(islands.map(({ tag }) => tag)).size).toBe(islands.length);
    const shortcodes = islands.flatMap(({ shortcode }) => (shortcode ? [shortcode] : []));
    expect(new Set(shortcodes).size).toBe(shortcodes.length);
  });
});
