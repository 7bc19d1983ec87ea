// Text written into HTML: the one escaper of every runtime that writes HTML (the functions' e-mails under
// Deno, the build's attributes and the widgets' markup under Node and in the browser, the local inbox
// page). Plain JavaScript so that each of them imports this same file. It escapes the five characters
// that can end a text, a tag or an attribute value quoted either way, so one function serves all.

/** @type {Record<string, string>} */
const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * `value` as HTML text or as a quoted attribute's value.
 * @param {unknown} value
 * @returns {string}
 */
export const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (char) => ENTITIES[char]);
