// The PNG icons phones use instead of the SVG favicon: apple-touch-icon (180 px; iPhones ignore SVG) and
// the web manifest's 192 and 512 px icons, plus a maskable one whose bolt stays inside the safe zone.
// Drawn from the logo's shapes by sharp, cached by content like the share images.
import { createHash } from "node:crypto";
import { copyFile, mkdir, rename, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { CACHE_DIR } from "./share-image.js";

const BOLT = '<path d="M20 5 9 20h7l-2 11 11-15h-7z" fill="#fbbf24"/>';
const ICONS = [
  {
    file: "icon-180.png",
    size: 180,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#0f2747"/>${BOLT}</svg>`,
  },
  {
    file: "icon-192.png",
    size: 192,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" rx="8" fill="#0f2747"/>${BOLT}</svg>`,
  },
  {
    file: "icon-512.png",
    size: 512,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" rx="8" fill="#0f2747"/>${BOLT}</svg>`,
  },
  // Maskable: full bleed, the bolt scaled into the central 80 % circle.
  {
    file: "icon-maskable-512.png",
    size: 512,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#0f2747"/><g transform="translate(18 18) scale(.7) translate(-17 -18)">${BOLT}</g></svg>`,
  },
];

/**
 * Writes the app icons into `outputDir`/app-icons/ and returns the manifest's `icons` list.
 * @param {string} outputDir
 */
export async function writeAppIcons(outputDir) {
  await mkdir(join(outputDir, "app-icons"), { recursive: true });
  await mkdir(CACHE_DIR, { recursive: true });
  await Promise.all(
    ICONS.map(async ({ file, size, svg }) => {
      const cached = join(CACHE_DIR, `${createHash("sha256").update(`${size}${svg}`).digest("hex").slice(0, 16)}.png`);
      if (!existsSync(cached)) {
        await writeFile(
          `${cached}.${process.pid}.tmp`,
          await sharp(Buffer.from(svg), { density: (72 * size) / 36 })
            .resize(size, size)
            .png()
            .toBuffer(),
        );
        await rename(`${cached}.${process.pid}.tmp`, cached);
      }
      await copyFile(cached, join(outputDir, "app-icons", file));
    }),
  );
  return manifestIcons();
}

/** The web manifest's `icons`: the PNGs writeAppIcons writes (the 180 px one is the apple-touch-icon). */
export function manifestIcons() {
  return ICONS.filter(({ size }) => size !== 180).map(({ file, size }) => ({
    src: `/app-icons/${file}`,
    sizes: `${size}x${size}`,
    type: "image/png",
    ...(file.includes("maskable") ? { purpose: "maskable" } : {}),
  }));
}
