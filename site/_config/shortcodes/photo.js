import { pictureHtml } from "../../_lib/photos.js";

/** `{% photo "slot", { sizes, eager, className } %}`: a responsive picture of a photo slot (site/_data/photos.yaml). */
/** @this {{ ctx: { photos: Record<string, any> } }} Eleventy's shortcode context */
export async function photo(slot, options = {}) {
  return pictureHtml(slot, this.ctx.photos, options);
}
