import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Image from "@11ty/eleventy-img";
import { SITE_OUTPUT_DIR } from "./build-paths.js";
import { placeholderSvg } from "./placeholder.js";

/** The one folder a firm drops its photos into: `<slot>.jpg` (or .jpeg/.png/.webp/.avif) replaces a placeholder. */
export const PHOTO_DIR = fileURLToPath(new URL("../images/photos/", import.meta.url));
const EXTENSIONS = ["jpg", "jpeg", "png", "webp", "avif"];
// eleventy-img names each output by a hash of the photo and these options and skips outputs that exist;
// dist/img/ survives a rebuild (clean-output.js), so a photo is encoded once.
const OPTIONS = { widths: [480, 960], formats: ["avif", "webp"], outputDir: join(SITE_OUTPUT_DIR, "img"), urlPath: "/img/" };

/** The real photo file for a slot, or undefined while the slot still shows placeholder artwork. */
export function realPhoto(slot, photoDir = PHOTO_DIR) {
  return EXTENSIONS.map((ext) => join(photoDir, `${slot}.${ext}`)).find((candidate) => existsSync(candidate));
}

/**
 * Writes a motif's placeholder artwork to dist/img/ as it is (vector, about 1 kB: no raster encoding),
 * named by its content hash like every file under the immutable /img/ rule; returns its URL.
 */
function placeholderUrl(motif, outputDir) {
  const svg = placeholderSvg(motif);
  const name = `placeholder-${motif}.${createHash("sha256").update(svg).digest("hex").slice(0, 10)}.svg`;
  const file = join(outputDir, name);
  if (!existsSync(file)) {
    mkdirSync(outputDir, { recursive: true });
    writeFileSync(file, svg);
  }
  return `${OPTIONS.urlPath}${name}`;
}

const escapeAttribute = (text) => String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * A responsive <picture> (AVIF, WebP) for a photo slot of site/_data/photos.yaml; lazy unless `eager`.
 * `photoDir` and `outputDir` are the site's folders unless a test gives its own.
 */
export async function pictureHtml(
  slot,
  slots,
  { sizes = "(min-width: 1024px) 33vw, 100vw", eager = false, className = "", photoDir = PHOTO_DIR, outputDir = OPTIONS.outputDir } = {},
) {
  const entry = slots[slot];
  if (!entry) throw new Error(`Photo slot "${slot}" is not in site/_data/photos.yaml`);
  const attributes = {
    alt: entry.alt,
    ...(className ? { class: className } : {}),
    loading: eager ? "eager" : "lazy",
    decoding: "async",
    ...(eager ? { fetchpriority: "high" } : {}),
  };
  const photo = realPhoto(slot, photoDir);
  if (!photo) {
    // The same <picture> wrapper as a real photo (the stylesheet sizes `picture img`), one vector source.
    const img = { src: placeholderUrl(entry.motif, outputDir), width: 1200, height: 800, ...attributes };
    return `<picture><img ${Object.entries(img)
      .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
      .join(" ")}></picture>`;
  }
  const metadata = await Image(photo, { ...OPTIONS, outputDir });
  return Image.generateHTML(metadata, { ...attributes, sizes });
}
