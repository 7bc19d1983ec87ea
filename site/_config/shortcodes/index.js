// Every async Nunjucks shortcode of the site, registered in a loop by eleventy.config.js.
export { photo } from "./photo.js";
export { socialImage } from "./social-image.js";
