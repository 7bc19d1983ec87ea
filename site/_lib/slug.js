/**
 * Turns a Danish place name into the URL slug of its area page, by the spec's rule
 * (docs/product.md#pages): lowercase, spaces to hyphens, ø to o, å to a, æ to a.
 * These slugs are URLs search engines already know: tests pin all sixteen.
 * @param {string} name
 */
export function slugify(name) {
  return name.toLowerCase().replaceAll("ø", "o").replaceAll("å", "a").replaceAll("æ", "a").trim().replace(/\s+/g, "-");
}

/**
 * Text as the id of a part of a page (a job's story, a review): its slug with only the letters, digits
 * and hyphens an address's #fragment keeps as typed.
 * @param {string} text
 */
export function anchorSlug(text) {
  return slugify(text).replace(/[^a-z0-9-]/g, "");
}
