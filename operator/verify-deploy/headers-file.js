// The `_headers` file the build writes (site/headers.11ty.js), read back: what verify:deploy expects the
// host to send, and what the local static server sends.

/**
 * Parses a `_headers` file into rules of `{ pattern, headers }` (Netlify/Cloudflare Pages format).
 * @param {string} text
 * @returns {{ pattern: string, headers: Record<string, string> }[]}
 */
export function parseHeadersFile(text) {
  /** @type {{ pattern: string, headers: Record<string, string> }[]} */
  const rules = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
    } else if (rules.length > 0) {
      const colon = line.indexOf(":");
      rules[rules.length - 1].headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    }
  }
  return rules;
}
