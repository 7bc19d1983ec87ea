// Every HTML transform of the site, registered in a loop by eleventy.config.js.
export { islandScripts } from "./island-scripts.js";
export { keepNumbersTogether } from "./keep-together.js";
