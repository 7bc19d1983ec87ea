// Each page's share image (Open Graph, 1200 × 630 PNG): the brand, the page's title and the phone number
// on the site's navy, drawn at build time. The text is turned into outlines with Inter, a font file that
// ships with the project (@fontsource/inter), so every machine draws the same picture, then rasterised by
// sharp. A picture is cached under a hash of everything it is drawn from, so a warm build draws nothing.
/// <reference path="./package-types.d.ts" />
import { createHash } from "node:crypto";
import { copyFile, mkdir, rename, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import opentype from "opentype.js";
import sharp from "sharp";

/** @typedef {import("opentype.js").Font} Font */
/** @typedef {import("opentype.js").Glyph} Glyph */
/** @typedef {import("opentype.js").PathCommand} PathCommand */
/** @typedef {{ title: string, brand: string, tagline: string, phone: string }} ShareImageContent what a share image shows */

export const WIDTH = 1200;
export const HEIGHT = 630;
/** Where drawn pictures are kept between builds (git-ignored). */
export const CACHE_DIR = fileURLToPath(new URL("../../.cache/share-images/", import.meta.url));

const require = createRequire(import.meta.url);
const FONT_FILES = {
  bold: "@fontsource/inter/files/inter-latin-800-normal.woff",
  regular: "@fontsource/inter/files/inter-latin-500-normal.woff",
};
const fontBytes = Object.fromEntries(Object.entries(FONT_FILES).map(([weight, file]) => [weight, readFileSync(require.resolve(file))]));
const fonts = Object.fromEntries(
  Object.entries(fontBytes).map(([weight, bytes]) => [
    weight,
    opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
  ]),
);
// What the pictures depend on besides their text: this file and the fonts.
const RENDERER_HASH = createHash("sha256")
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .update(fontBytes.bold)
  .update(fontBytes.regular)
  .digest("hex");

/**
 * The width of `text` in `font` at `size` px, with kerning.
 * @param {Font} font
 * @param {string} text
 * @param {number} size
 */
function measure(font, text, size) {
  const glyphs = [...text].map((char) => font.charToGlyph(char));
  const scale = size / font.unitsPerEm;
  return glyphs.reduce(
    (width, glyph, index) => width + (glyph.advanceWidth + (index > 0 ? font.getKerningValue(glyphs[index - 1], glyph) : 0)) * scale,
    0,
  );
}

/** @type {WeakMap<Font, Map<string, string>>} */
const glyphPaths = new WeakMap();
/**
 * The outline of one glyph at `size` px from the origin, drawn once per build for each font, glyph and size.
 * @param {Font} font
 * @param {Glyph} glyph
 * @param {number} size
 */
function glyphPath(font, glyph, size) {
  if (!glyphPaths.has(font)) glyphPaths.set(font, new Map());
  const paths = /** @type {Map<string, string>} */ (glyphPaths.get(font));
  const key = `${size}|${glyph.index}`;
  if (!paths.has(key)) paths.set(key, pathData(glyph.getPath(0, 0, size).commands));
  return paths.get(key);
}

/**
 * SVG path data of opentype.js path commands (its own toPathData(1) runs "7.2" and "0" together as "7.20").
 * @param {PathCommand[]} commands
 */
function pathData(commands) {
  const n = (/** @type {number} */ value) => Number(value.toFixed(1));
  return commands
    .map((c) =>
      c.type === "Z"
        ? "Z"
        : c.type === "Q"
          ? `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`
          : c.type === "C"
            ? `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`
            : `${c.type}${n(c.x)} ${n(c.y)}`,
    )
    .join("");
}

/**
 * SVG paths of `text` set from (x, y) on the baseline. Glyph by glyph: Danish needs no shaping.
 * @param {Font} font
 * @param {string} text
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {string} fill a CSS colour
 */
function outline(font, text, x, y, size, fill) {
  const scale = size / font.unitsPerEm;
  let cursor = x;
  /** @type {Glyph | null} */
  let previous = null;
  const parts = [];
  for (const char of text) {
    const glyph = font.charToGlyph(char);
    if (previous) cursor += font.getKerningValue(previous, glyph) * scale;
    const d = glyphPath(font, glyph, size);
    if (d) parts.push(`<path transform="translate(${cursor.toFixed(1)} ${y.toFixed(1)})" d="${d}"/>`);
    cursor += glyph.advanceWidth * scale;
    previous = glyph;
  }
  return `<g fill="${fill}">${parts.join("")}</g>`;
}

/**
 * Breaks `text` into lines no wider than `width`, at most `maxLines` (the last one ends in "…" if cut).
 * @param {Font} font
 * @param {string} text
 * @param {number} size
 * @param {number} width
 * @param {number} maxLines
 */
function wrap(font, text, size, width, maxLines) {
  /** @type {string[]} */
  const lines = [];
  for (const word of text.split(/\s+/)) {
    const line = lines.at(-1);
    if (line !== undefined && measure(font, `${line} ${word}`, size) <= width) lines[lines.length - 1] = `${line} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  while (measure(font, `${kept.at(-1)}…`, size) > width) kept[maxLines - 1] = kept[maxLines - 1].replace(/\s*\S+$/, "");
  kept[maxLines - 1] += "…";
  return kept;
}

/**
 * The SVG of a share image for a page titled `title`.
 * @param {ShareImageContent} page
 */
export function shareImageSvg({ title, brand, tagline, phone }) {
  const size = title.length > 60 ? 60 : 72;
  const lines = wrap(fonts.bold, title, size, WIDTH - 160, 3);
  const titleTop = 330 - ((lines.length - 1) * size * 1.15) / 2;
  const titlePaths = lines.map((line, index) => outline(fonts.bold, line, 80, titleTop + index * size * 1.15, size, "#ffffff")).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#0f2747"/>
<rect x="0" y="${HEIGHT - 12}" width="${WIDTH}" height="12" fill="#fbbf24"/>
<g transform="translate(80 64) scale(2.2)"><rect width="36" height="36" rx="8" fill="#1e3a66"/><path d="M20 5 9 20h7l-2 11 11-15h-7z" fill="#fbbf24"/></g>
${outline(fonts.bold, brand, 184, 108, 40, "#ffffff")}
${outline(fonts.regular, tagline, 184, 140, 24, "#cbd5e1")}
${titlePaths}
${outline(fonts.bold, `Ring ${phone}`, 80, 546, 48, "#fbbf24")}
</svg>`;
}

/**
 * Writes the PNG share image of `page` (title, brand, tagline, phone) into `outputDir`/share/ and returns
 * its site path. Drawn only when the cache has no picture for exactly this content.
 * @param {ShareImageContent} page
 * @param {string} outputDir
 */
export async function writeShareImage(page, outputDir) {
  const key = createHash("sha256")
    .update(RENDERER_HASH)
    .update(JSON.stringify([page.title, page.brand, page.tagline, page.phone]))
    .digest("hex")
    .slice(0, 16);
  const cached = join(CACHE_DIR, `${key}.png`);
  if (!existsSync(cached)) {
    await mkdir(CACHE_DIR, { recursive: true });
    const png = await sharp(Buffer.from(shareImageSvg(page)))
      .png({ compressionLevel: 6 })
      .toBuffer();
    // Written under a temporary name first, so a build stopped half-way never leaves a broken picture.
    await writeFile(`${cached}.${process.pid}.tmp`, png);
    await rename(`${cached}.${process.pid}.tmp`, cached);
  }
  await mkdir(join(outputDir, "share"), { recursive: true });
  await copyFile(cached, join(outputDir, "share", `${key}.png`));
  return `/share/${key}.png`;
}
