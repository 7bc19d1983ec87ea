// Writes the firm's inbox into the output (widgets/inbox/): the page at /admin/indbakke with its own strict
// policy, its script and stylesheet from the widget build under /admin/indbakke/, its web manifest (its
// own name, start and scope, the site's app icons), and its service worker at /admin/indbakke-sw.js. Like
// the CMS beside it, nothing here is linked from a visitor's page, and no visitor's page loads any of it.
import { copyFile, mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { escapeHtml } from "../../supabase/functions/_shared/escape-html.js";
import { INBOX_BUILD, INBOX_FILES, INBOX_PATH, INBOX_WORKER } from "../../widgets/inbox/address.js";
import { manifestIcons } from "./app-icons.js";
import { WIDGETS_OUTPUT_DIR } from "./build-paths.js";
import { contentSecurityPolicy, serializePolicy } from "./security-headers.js";

const THEME_COLOR = "#0f2747";

/**
 * The inbox page's policy: the site's (site/_lib/security-headers.js), with no inline script or style at
 * all, fetches to the backend alone (not even this site), photos from the blob: URLs the page makes of
 * the backend's answers, its service worker from this site, and no form posted anywhere.
 * @param {string} backendUrl
 */
export function inboxPolicy(backendUrl) {
  const site = contentSecurityPolicy(backendUrl, { styles: [], scripts: [] });
  return {
    ...site,
    "img-src": [...site["img-src"], "blob:"],
    "connect-src": [new URL(backendUrl).origin],
    "form-action": ["'none'"],
    "worker-src": ["'self'"],
  };
}

/**
 * The page's HTML: everything it shows is drawn by its script, which reads the backend and the firm's name
 * from the element it draws into.
 * @param {{ backendUrl: string, anonKey: string, brand: string }} options
 */
export function inboxHtml({ backendUrl, anonKey, brand }) {
  return `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(serializePolicy(inboxPolicy(backendUrl)))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Indbakke – ${escapeHtml(brand)}</title>
<meta name="theme-color" content="${THEME_COLOR}">
<link rel="manifest" href="${INBOX_FILES}manifest.webmanifest">
<link rel="icon" href="/app-icons/icon-192.png" type="image/png">
<link rel="apple-touch-icon" href="/app-icons/icon-180.png">
<link rel="stylesheet" href="${INBOX_FILES}${INBOX_BUILD.app.name}.css">
<script type="module" src="${INBOX_FILES}${INBOX_BUILD.app.name}.js"></script>
</head>
<body>
<div id="indbakke" data-backend="${escapeHtml(backendUrl)}" data-anon-key="${escapeHtml(anonKey)}" data-brand="${escapeHtml(brand)}">
<noscript><p>Indbakken kræver JavaScript. Slå det til i browserens indstillinger.</p></noscript>
</div>
</body>
</html>
`;
}

/**
 * The inbox's web manifest: installed from the page, it opens the page and stays within it.
 * @param {string} brand
 */
export const inboxManifest = (brand) => ({
  name: `Indbakke – ${brand}`,
  short_name: "Indbakke",
  lang: "da",
  start_url: INBOX_PATH,
  scope: INBOX_PATH,
  display: "standalone",
  background_color: "#ffffff",
  theme_color: THEME_COLOR,
  icons: manifestIcons(),
});

/**
 * Writes the inbox into `outputDir`.
 * @param {string} outputDir
 * @param {{ backendUrl: string, anonKey: string, brand: string }} options
 */
export async function writeInbox(outputDir, options) {
  const built = join(WIDGETS_OUTPUT_DIR, INBOX_BUILD.folder);
  const files = join(outputDir, INBOX_FILES);
  await mkdir(files, { recursive: true });
  const worker = `${INBOX_BUILD.worker.name}.js`;
  for (const name of await readdir(built))
    await copyFile(join(built, name), name === worker ? join(outputDir, INBOX_WORKER) : join(files, name));
  await writeFile(join(files, "manifest.webmanifest"), JSON.stringify(inboxManifest(options.brand), null, 2));
  await writeFile(join(outputDir, `${INBOX_PATH}.html`), inboxHtml(options));
}
