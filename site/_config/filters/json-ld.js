/** Prints a JSON-LD object for a <script type="application/ld+json"> block, escaping "<" so no value can end the element. */
export function jsonLd(value) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
