import { socialImageUrl } from "../../_lib/photos.js";

/** `{% socialImage "slot" %}`: the path of the JPEG social-preview image made from a photo slot. */
/** @this {{ ctx: { photos: Record<string, any> } }} Eleventy's shortcode context */
export async function socialImage(slot) {
  return socialImageUrl(slot, this.ctx.photos);
}
