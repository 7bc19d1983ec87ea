// The partner sites a request may come from: the configured origins plus the rows of public.partners,
// read at most once a minute; while the database is away the last list read is kept.
import type { Store } from "./store.ts";

const TTL_MS = 60_000;
const PARTNER_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The partner list of one function instance. */
export function createPartnerList(store: Pick<Store, "partners">, configuredOrigins: readonly string[]) {
  let cache = { loadedAt: 0, byId: new Map<string, string>() };

  async function byId(): Promise<Map<string, string>> {
    if (Date.now() - cache.loadedAt > TTL_MS) {
      try {
        cache = { loadedAt: Date.now(), byId: new Map((await store.partners()).map((partner) => [partner.id, partner.origin])) };
      } catch {
        // Do not ask a missing database again on every request (preflights included).
        cache = { ...cache, loadedAt: Date.now() };
      }
    }
    return cache.byId;
  }

  return {
    /** Every origin allowed to call the function from a browser. */
    async origins(): Promise<Set<string>> {
      return new Set([...configuredOrigins, ...(await byId()).values()]);
    },
    /** A partner id is credited only to its own registered site: the request must come from its origin. */
    async verified(claimed: string | null, origin: string | null): Promise<string | null> {
      if (!claimed || !PARTNER_ID.test(claimed)) return null;
      return (await byId()).get(claimed) === origin ? claimed : null;
    },
  };
}
