import { writeShareImage } from "../../_lib/share-image.js";

const escape = (value) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * `{% socialImage title %}`: the Open Graph and Twitter image tags of this page's 1200 × 630 share image,
 * drawn (or taken from the cache) at build time.
 */
export async function socialImage(title) {
  const { business } = this.ctx;
  const path = await writeShareImage({ title, brand: business.brand, tagline: business.tagline, phone: business.phone.display }, this.eleventy.directories.output);
  const url = escape(business.site.url + path);
  return [
    `<meta property="og:image" content="${url}">`,
    `<meta property="og:image:type" content="image/png">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta property="og:image:alt" content="${escape(`${title} – ${business.brand}, ring ${business.phone.display}`)}">`,
    `<meta name="twitter:image" content="${url}">`,
  ].join("\n");
}
