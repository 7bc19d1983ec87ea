import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Image from "@11ty/eleventy-img";
import { SITE_OUTPUT_DIR } from "./build-paths.js";
import { placeholderSvg } from "./placeholder.js";

/** The one folder a firm drops its photos into: `<slot>.jpg` (or .jpeg/.png/.webp/.avif) replaces a placeholder. */
export const PHOTO_DIR = fileURLToPath(new URL("../images/photos/", import.meta.url));
const EXTENSIONS = ["jpg", "jpeg", "png", "webp", "avif"];
const OPTIONS = { widths: [480, 960], formats: ["avif", "webp"], outputDir: join(SITE_OUTPUT_DIR, "img"), urlPath: "/img/" };

/** The real photo file for a slot, or the generated placeholder artwork. */
export function photoSource(slot, motif) {
  const file = EXTENSIONS.map((ext) => join(PHOTO_DIR, `${slot}.${ext}`)).find((candidate) => existsSync(candidate));
  return file ?? placeholderSvg(motif);
}

/** A responsive <picture> (AVIF, WebP) for a photo slot of site/_data/photos.yaml; lazy unless `eager`. */
export async function pictureHtml(slot, slots, { sizes = "(min-width: 1024px) 33vw, 100vw", eager = false, className = "" } = {}) {
  const entry = slots[slot];
  if (!entry) throw new Error(`Photo slot "${slot}" is not in site/_data/photos.yaml`);
  const metadata = await Image(photoSource(slot, entry.motif), OPTIONS);
  return Image.generateHTML(metadata, {
    alt: entry.alt,
    sizes,
    ...(className ? { class: className } : {}),
    loading: eager ? "eager" : "lazy",
    decoding: "async",
    ...(eager ? { fetchpriority: "high" } : {}),
  });
}
