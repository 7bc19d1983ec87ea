// The inbox's service worker, served as /admin/indbakke-sw.js and registered for the scope
// /admin/indbakke (the page's own address and its files; site/_lib/inbox-page.js). It does two things:
// - keeps the page's own files (HTML, script, stylesheet, manifest) for opening offline, from its install
//   on: network first, so a new build is used whenever the phone is online, the last copy when it is not. Nothing
//   else: the lead data comes from the backend, another origin, which this worker never touches (its
//   answers are no-store), and the last list read is kept by the page under the member's id
//   (offline-list.ts), removed on "Log ud";
// - shows each push of a new lead, and opens that lead when the notification is tapped.
// A classic script with no imports (Firefox ESR takes no module service workers); the DOM's types are
// the project's, so the worker's few are written out here.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type PushEvent = ExtendableEvent & { data: { json(): unknown } | null };
type NotificationEvent = ExtendableEvent & { notification: Notification & { data: unknown } };
type WindowClient = { url: string; focus(): Promise<WindowClient>; navigate(url: string): Promise<WindowClient | null> };
type WorkerScope = {
  registration: ServiceWorkerRegistration;
  location: Location;
  clients: {
    matchAll(options: { type: "window" }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: never) => void): void;
};

const worker = self as unknown as WorkerScope;
const SHELL = "indbakke-sider";
/** The inbox's address (widgets/inbox/address.js), read from the registration: this script imports nothing. */
const SCOPE = new URL(worker.registration.scope).pathname.replace(/\/$/, "");

/**
 * Keeps the page and the files it names under the inbox's address, as they are now: the page opens
 * offline from the first visit on (the page's own first requests came before this worker ran).
 */
async function keepShell() {
  const cache = await caches.open(SHELL);
  const page = await fetch(SCOPE, { cache: "no-cache" });
  if (!page.ok) return;
  const html = await page.clone().text();
  await cache.put(SCOPE, page);
  const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, path]) => path).filter((path) => path.startsWith(`${SCOPE}/`));
  await cache.addAll(files);
}

worker.addEventListener("install", (event: ExtendableEvent) => {
  event.waitUntil(keepShell().then(() => worker.skipWaiting()));
});
worker.addEventListener("activate", (event: ExtendableEvent) => {
  event.waitUntil(worker.clients.claim());
});

/** The page's own files: same origin, under the inbox's address, read with GET. */
const isShell = (request: Request) => {
  const url = new URL(request.url);
  return (
    request.method === "GET" && url.origin === worker.location.origin && (url.pathname === SCOPE || url.pathname.startsWith(`${SCOPE}/`))
  );
};

worker.addEventListener("fetch", (event: FetchEvent) => {
  if (!isShell(event.request)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(SHELL);
      try {
        const response = await fetch(event.request);
        if (response.ok) await cache.put(event.request, response.clone());
        return response;
      } catch (error) {
        const kept = await cache.match(event.request, { ignoreSearch: true });
        if (kept) return kept;
        throw error;
      }
    })(),
  );
});

type Push = { title?: string; body?: string; url?: string };

worker.addEventListener("push", (event: PushEvent) => {
  let push: Push = {};
  try {
    push = (event.data?.json() as Push) ?? {};
  } catch {
    // A push that is not JSON still says that something came in.
  }
  // The backend links '/admin/indbakke/#<id>'; the page's own address has no slash (no redirect on the way).
  const url = typeof push.url === "string" && push.url.startsWith(SCOPE) ? push.url.replace(`${SCOPE}/#`, `${SCOPE}#`) : SCOPE;
  event.waitUntil(
    worker.registration.showNotification(push.title || "Ny henvendelse", {
      body: push.body ?? "",
      data: { url },
      tag: url,
      icon: "/app-icons/icon-192.png",
      lang: "da",
    }),
  );
});

worker.addEventListener("notificationclick", (event: NotificationEvent) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? SCOPE;
  event.waitUntil(
    (async () => {
      const open = (await worker.clients.matchAll({ type: "window" })).find((client) => new URL(client.url).pathname.startsWith(SCOPE));
      if (open) {
        await open.focus();
        await open.navigate(url);
      } else await worker.clients.openWindow(url);
    })(),
  );
});
