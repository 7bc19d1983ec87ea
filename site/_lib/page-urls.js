// Every URL the build writes, as Eleventy maps them before it renders anything (its "eleventy.contentMap"
// event, eleventy.config.js): dist/_headers names the pages' paths, including those kept out of the
// collections (the 404 page, the form's landing pages).
/** @type {string[]} */
let urls = [];

/** @param {string[]} list */
export const setPageUrls = (list) => {
  urls = list;
};

export const pageUrls = () => urls;
