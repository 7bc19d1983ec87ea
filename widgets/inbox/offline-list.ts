// The last list a member read, kept on the device for reading offline: under that member's user id, so
// no one else signed in on the same phone ever sees it, and removed, with every other member's, on
// "Log ud". Lead data is kept nowhere else on the device (the backend answers no-store, and the service
// worker caches only the page's own files: service-worker.ts).
import type { LeadSummary } from "./api.ts";

const PREFIX = "indbakke:liste:";

export type KeptList = { savedAt: string; leads: LeadSummary[] };

/** Keeps `leads` as the list `userId` read at `savedAt`. */
export function keepList(storage: Storage, userId: string, leads: LeadSummary[], savedAt: Date) {
  try {
    storage.setItem(PREFIX + userId, JSON.stringify({ savedAt: savedAt.toISOString(), leads } satisfies KeptList));
  } catch {
    // A full or blocked storage only costs the offline copy.
  }
}

/** The list kept for `userId`, or null. */
export function keptList(storage: Storage, userId: string): KeptList | null {
  try {
    const kept = JSON.parse(storage.getItem(PREFIX + userId) ?? "null");
    return kept && Array.isArray(kept.leads) && typeof kept.savedAt === "string" ? kept : null;
  } catch {
    return null;
  }
}

/** Removes every kept list on this device, whoever's. */
export function forgetLists(storage: Storage) {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key) => key?.startsWith(PREFIX));
  for (const key of keys) if (key) storage.removeItem(key);
}
