import { socialImageUrl } from "../../_lib/photos.js";

/** `{% socialImage "slot" %}`: the path of the JPEG social-preview image made from a photo slot. */
export async function socialImage(slot) {
  return socialImageUrl(slot, this.ctx.photos);
}
