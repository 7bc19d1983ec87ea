// Writes the compiled Tailwind stylesheet (site/_lib/stylesheet.js) at its content-hashed URL.
export const data = { permalink: (data) => data.stylesheet.href, eleventyExcludeFromCollections: true };
export const render = (data) => data.stylesheet.css;
