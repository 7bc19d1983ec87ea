// dist/_headers: response headers for static hosts that read the file (Netlify, Cloudflare Pages);
// dev/static-server.js applies the same file locally. The rules are site/_lib/security-headers.js.
import { pageUrls } from "./_lib/page-urls.js";
import { headerRules } from "./_lib/security-headers.js";

export const data = { permalink: "/_headers", eleventyExcludeFromCollections: true };

export function render() {
  const rules = headerRules(undefined, pageUrls()).map(({ path, headers }) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n"),
  );
  return `# Generated from site/_lib/security-headers.js by site/headers.11ty.js.\n${rules.join("\n\n")}\n`;
}
