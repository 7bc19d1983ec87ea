/// <reference path="./package-types.d.ts" />
import { existsSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import Image from "@11ty/eleventy-img";
import { SITE_OUTPUT_DIR } from "./build-paths.js";
import { ContentError } from "./content-errors.js";
import { PHOTO_EXTENSIONS } from "./data-schemas.js";

/**
 * The one folder a firm's photos go into: the CMS uploads there and names the file in the slot's `file`;
 * without one, `<slot>.jpg` (or .jpeg/.png/.webp/.avif; name and extension in any case: cameras write
 * Eltavle.JPG) fills the slot. A slot without a photo shows nothing: no drawing stands in for a photo
 * of work the firm has not shown (docs/photos.md).
 */
export const PHOTO_DIR = fileURLToPath(new URL("../images/photos/", import.meta.url));
const PHOTOS_FILE = "site/_data/photos.yaml";
// Formats a phone saves that the image library cannot read (an iPhone's default is HEIC).
const UNREADABLE = /\.(heic|heif)$/i;
// The drawings that once stood in for photos were described as such ("Tegning af en eltavle"); a photo needs its own words.
const DRAWING_ALT = /^tegning\b/i;
// eleventy-img names each output by a hash of the photo and these options and skips outputs that exist;
// dist/img/ survives a rebuild (clean-output.js), so a photo is encoded once.
const OPTIONS = { widths: [480, 960], formats: ["avif", "webp"], outputDir: join(SITE_OUTPUT_DIR, "img"), urlPath: "/img/" };

/**
 * The real photo file for a slot, or undefined while the slot has none. Throws a ContentError, in
 * Danish, for a photo the build cannot use: missing, HEIC, or without its own description.
 * @param {string} slot
 * @param {{ file?: string, alt?: string }} entry the slot in site/_data/photos.yaml
 */
export function realPhoto(slot, entry, photoDir = PHOTO_DIR) {
  const names = existsSync(photoDir) ? readdirSync(photoDir).sort() : [];
  const refuse = (/** @type {string} */ line) => new ContentError(`${PHOTOS_FILE} (Fotos i CMS'et)`, [`"${slot}" → ${line}`]);
  // A name is compared in lower case, as a camera or a Windows PC may spell it either way: two files
  // that differ only in case would leave it to chance which one a slot shows.
  const twin = names.find((name, index) => names.some((other, at) => at !== index && other.toLowerCase() === name.toLowerCase()));
  if (twin) {
    const both = names.filter((name) => name.toLowerCase() === twin.toLowerCase());
    throw new ContentError("site/images/photos/", [
      `Foto: ${both.map((name) => `"${name}"`).join(" og ")} har samme navn, kun med store og små bogstaver byttet om. Slet det ene.`,
    ]);
  }
  let photo;
  if (entry.file) {
    const name = basename(entry.file);
    if (UNREADABLE.test(name)) throw refuse(heicAdvice(name));
    if (!names.includes(name)) throw refuse(`Foto: filen "${name}" findes ikke i site/images/photos/. Læg fotoet ind igen.`);
    photo = name;
  } else {
    const own = names.filter((name) => name.slice(0, name.lastIndexOf(".")).toLowerCase() === slot.toLowerCase());
    photo = own.find((name) => PHOTO_EXTENSIONS.includes(name.slice(name.lastIndexOf(".") + 1).toLowerCase()));
    const unreadable = own.find((name) => UNREADABLE.test(name));
    if (!photo && unreadable) throw refuse(heicAdvice(unreadable));
  }
  if (!photo) return undefined;
  const example = `fx "Ny eltavle i et parcelhus i Køge"`;
  if (!entry.alt) throw refuse(`Beskrivelse af billedet: mangler. Skriv, hvad fotoet (${photo}) viser, ${example}.`);
  if (DRAWING_ALT.test(entry.alt)) {
    throw refuse(
      `Beskrivelse af billedet: "${entry.alt}" beskriver en tegning, men det er et foto (${photo}). Skriv, hvad fotoet viser, ${example}.`,
    );
  }
  return join(photoDir, photo);
}

const heicAdvice = (/** @type {string} */ name) =>
  `Foto: "${name}" er i iPhones HEIC-format, som sitet ikke kan vise. Gem det som JPEG og læg det ind igen (på iPhone: Indstillinger → Kamera → Formater → Mest kompatibel; eller del fotoet som JPEG).`;

/**
 * Checks every slot's photo (see realPhoto); throws the first ContentError.
 * @param {import("./data-types.js").Photos} slots
 */
export function checkPhotos(slots, photoDir = PHOTO_DIR) {
  for (const [slot, entry] of Object.entries(slots)) realPhoto(slot, entry, photoDir);
}

/** Which pages show each slot, as the build found them (for the CMS's hints and docs/editing.md). */
export const photoPages = /** @type {Map<string, Set<string>>} */ (new Map());

/**
 * A responsive <picture> (AVIF, WebP) for a photo slot of site/_data/photos.yaml, lazy unless `eager`;
 * "" while the slot has no photo (the page lays the section out without it: `hasPhoto`). `photoDir` and
 * `outputDir` are the site's folders unless a test gives its own; `page` (the page's URL) is recorded in
 * photoPages, photo or not: the CMS says where a photo will show.
 * @param {string} slot
 * @param {import("./data-types.js").Photos} slots
 * @param {{ sizes?: string, eager?: boolean, className?: string, photoDir?: string, outputDir?: string, page?: string }} [options]
 */
export async function pictureHtml(
  slot,
  slots,
  {
    sizes = "(min-width: 1024px) 33vw, 100vw",
    eager = false,
    className = "",
    photoDir = PHOTO_DIR,
    outputDir = OPTIONS.outputDir,
    page = "",
  } = {},
) {
  const entry = slots[slot];
  if (!entry) throw new Error(`Photo slot "${slot}" is not in site/_data/photos.yaml`);
  if (page) photoPages.set(slot, (photoPages.get(slot) ?? new Set()).add(page));
  const attributes = {
    alt: entry.alt ?? "",
    ...(className ? { class: className } : {}),
    loading: eager ? "eager" : "lazy",
    decoding: "async",
    ...(eager ? { fetchpriority: "high" } : {}),
  };
  const photo = realPhoto(slot, entry, photoDir);
  if (!photo) return "";
  const metadata = await Image(photo, { ...OPTIONS, outputDir });
  return Image.generateHTML(metadata, { ...attributes, sizes });
}

/**
 * Whether a slot has a real photo: a section lays itself out with the photo or without it, never with a
 * stand-in.
 * @param {string} slot
 * @param {import("./data-types.js").Photos} slots
 */
export function hasPhoto(slot, slots, photoDir = PHOTO_DIR) {
  const entry = slots[slot];
  if (!entry) throw new Error(`Photo slot "${slot}" is not in site/_data/photos.yaml`);
  return realPhoto(slot, entry, photoDir) !== undefined;
}
