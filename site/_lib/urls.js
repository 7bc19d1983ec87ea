/** The URL a page is served at: Eleventy writes `/ydelser/private.html`, hosts serve it as `/ydelser/private`. */
/** @param {string} url */
export function cleanUrl(url) {
  if (url === "/index.html" || url === "/") return "/";
  return url.replace(/\.html$/, "");
}
