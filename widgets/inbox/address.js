// Where the inbox lives, written once: the page, its files, its service worker and the widget build's
// entries for them. Read by the page's script (main.tsx), the widget build (vite.widgets.config.ts) and
// the site build (site/_lib/inbox-page.js).

/** The page, served as every page of the site is (no trailing slash); also the service worker's scope. */
export const INBOX_PATH = "/admin/indbakke";
/** The folder of its script, stylesheet and manifest. */
export const INBOX_FILES = `${INBOX_PATH}/`;
/** The service worker: in /admin/, the folder above, since a worker's scope may not reach above its own folder. */
export const INBOX_WORKER = "/admin/indbakke-sw.js";

/** The widget build's entries and the names they are written under (stable: /admin/* is revalidated on every read). */
export const INBOX_BUILD = {
  folder: "inbox",
  app: { entry: "widgets/inbox/main.tsx", name: "inbox" },
  worker: { entry: "widgets/inbox/service-worker.ts", name: "indbakke-sw" },
};
