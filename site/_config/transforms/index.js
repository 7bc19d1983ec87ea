// Every HTML transform of the site, registered in a loop by eleventy.config.js.
export { hashedAssets } from "./hashed-assets.js";
export { islandScripts } from "./island-scripts.js";
