// Share images and app icons (every page's og:image was one icon tile, and iPhones had no icon).
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CACHE_DIR, writeShareImage } from "../../site/_lib/share-image.js";
import { ALL_PAGES, DIST, business, page } from "../support/site.js";
import { testFolder } from "../support/temp-folder.js";

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
const meta = (root, selector) => root.querySelector(selector)?.getAttribute("content");

describe("share images", () => {
  it("gives every page its own 1200 × 630 PNG, described by its title, brand and phone", () => {
    const images = new Set();
    for (const route of [...ALL_PAGES, "/404"]) {
      const { root } = page(route);
      const url = meta(root, 'meta[property="og:image"]');
      expect(url, route).toMatch(new RegExp(`^${business.site.url}/share/[0-9a-f]{16}\\.png$`));
      expect(meta(root, 'meta[name="twitter:image"]')).toBe(url);
      expect(pngSize(readFileSync(join(DIST, new URL(url).pathname))), route).toEqual([1200, 630]);
      expect(meta(root, 'meta[property="og:image:alt"]')).toContain(business.phone.display);
      images.add(url);
    }
    // One picture per distinct title: /kontakt/tak and /kontakt/fejl may share none with others.
    expect(images.size).toBe(new Set([...ALL_PAGES, "/404"].map((route) => page(route).root.querySelector("title").textContent)).size);
  });

  it("draws a picture once and takes it from the cache while its content is the same", async () => {
    const output = testFolder("share-");
    const content = { title: `Prøve ${process.pid}`, brand: business.brand, tagline: business.tagline, phone: business.phone.display };
    const path = await writeShareImage(content, output);
    const cached = join(CACHE_DIR, path.replace("/share/", ""));
    const drawnAt = statSync(cached).mtimeMs;
    expect(await writeShareImage(content, output)).toBe(path);
    expect(statSync(cached).mtimeMs).toBe(drawnAt);
    expect(await writeShareImage({ ...content, phone: "87 65 43 21" }, output)).not.toBe(path);
  });
});

describe("app icons", () => {
  it("links an apple-touch-icon and a web manifest whose PNG icons exist at their sizes", () => {
    const { root } = page("/");
    const touch = root.querySelector('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(pngSize(readFileSync(join(DIST, touch)))).toEqual([180, 180]);
    const manifest = JSON.parse(readFileSync(join(DIST, root.querySelector('link[rel="manifest"]').getAttribute("href")), "utf8"));
    expect(manifest.short_name).toBe(business.brand);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons) {
      expect(existsSync(join(DIST, icon.src)), icon.src).toBe(true);
      expect(pngSize(readFileSync(join(DIST, icon.src))).join("x")).toBe(icon.sizes);
    }
  });
});
