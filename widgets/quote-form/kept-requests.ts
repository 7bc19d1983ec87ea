// Requests kept on this device because they could not leave it (no connection): in IndexedDB on the
// site's own origin, photos included (a photo is a Blob, which IndexedDB stores as it is), each with the
// idempotency key of its first attempt, so that sending it later can never store it twice. A kept
// request is deleted once sent; one unsent after KEPT_DAYS days is deleted instead of sent, the next time
// a page of the site looks (site/privatlivspolitik.md says so).
// How long, and the localStorage flag's name, are in kept-on-device.json, which the privacy page reads
// too (site/_data/keptOnDevice.js); JSON, so that the bundler writes the values in where they are used
// and every page's check (kept-check.ts) shares no module with the sender. A flag in localStorage tells every page, without opening the database, that something is kept
// (quote-form/kept-check.ts). Generic over the body: any form that sends through send-quote.ts can keep.
import { days as KEPT_DAYS, flag as KEPT_FLAG } from "./kept-on-device.json";
import type { Backend, QuoteBody } from "./send-quote.ts";

const DATABASE = "elektriker-kept";
const STORE = "requests";

/** A form body as IndexedDB can store it: FormData is not cloneable, its entries (text and Files) are. */
type StoredBody = { json: QuoteBody } | { form: [string, FormDataEntryValue][] };
export type KeptRequest = { key: string; backend: Backend; body: StoredBody; savedAt: number };

const asPromise = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const open = () => {
  const request = indexedDB.open(DATABASE, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
  return asPromise(request);
};

/** Runs `work` on the store in one transaction and closes the database once it is done. */
async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await open();
  try {
    const transaction = database.transaction(STORE, mode);
    const result = await asPromise(work(transaction.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    return result;
  } finally {
    database.close();
  }
}

/** The body to store for what was sent. */
const storable = (body: QuoteBody | FormData): StoredBody => (body instanceof FormData ? { form: [...body.entries()] } : { json: body });

/** The body to send again, the same bytes as the first attempt. */
export function bodyOf({ body }: KeptRequest): QuoteBody | FormData {
  if ("json" in body) return body.json;
  const form = new FormData();
  for (const [name, value] of body.form) form.append(name, value);
  return form;
}

/** Keeps a request that could not be sent; false if this browser cannot store it (private mode). */
export async function keepRequest(key: string, backend: Backend, body: QuoteBody | FormData): Promise<boolean> {
  try {
    await withStore("readwrite", (store) => store.put({ key, backend, body: storable(body), savedAt: Date.now() } satisfies KeptRequest));
    localStorage.setItem(KEPT_FLAG, "1");
    return true;
  } catch {
    return false;
  }
}

/** The requests kept, oldest first; those older than KEPT_DAYS are deleted instead. */
export async function keptRequests(now = Date.now()): Promise<KeptRequest[]> {
  const all = await withStore("readonly", (store) => store.getAll() as IDBRequest<KeptRequest[]>);
  const expired = all.filter((kept) => now - kept.savedAt > KEPT_DAYS * 86_400_000);
  for (const kept of expired) await forgetRequest(kept.key);
  if (expired.length === all.length) localStorage.removeItem(KEPT_FLAG);
  return all.filter((kept) => !expired.includes(kept)).sort((a, b) => a.savedAt - b.savedAt);
}

/** Deletes a kept request (sent, or refused for good); clears the flag when none is left. */
export async function forgetRequest(key: string): Promise<void> {
  await withStore("readwrite", (store) => store.delete(key));
  if ((await withStore("readonly", (store) => store.count())) === 0) localStorage.removeItem(KEPT_FLAG);
}
