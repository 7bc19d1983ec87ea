// The sites a request may come from: the site's own origins plus the active rows of public.partners,
// the one list of partners (docs/partners.md), which both lets a partner's origin send and credits it.
// The list is reread at most once a minute, in the background: a request or a preflight is answered
// from the last good list and never waits for the database, which may be slow or hung. Only the very
// first list of an instance is waited for, and at most COLD_WAIT_MS; meanwhile the site's own origins
// are served.
import type { Store } from "./store.ts";

const TTL_MS = 60_000;
const COLD_WAIT_MS = 1_000;
const PARTNER_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The partner list of one function instance; `ttlMs` how old a list may get before it is reread. */
export function createPartnerList(store: Pick<Store, "partners">, siteOrigins: readonly string[], ttlMs = TTL_MS) {
  let current: Map<string, string> | null = null;
  let loadedAt = 0;
  let loading: Promise<void> | null = null;

  /** Rereads the list once at a time; a failure keeps the last good list, and is tried again after the TTL. */
  function refresh(): Promise<void> {
    loading ??= store
      .partners()
      .then((rows) => {
        current = new Map(rows.map((partner) => [partner.id, partner.origin]));
      })
      .catch(() => {})
      .finally(() => {
        loadedAt = Date.now();
        loading = null;
      });
    return loading;
  }

  async function byId(): Promise<Map<string, string>> {
    if (Date.now() - loadedAt > ttlMs) {
      const load = refresh();
      if (current === null) await Promise.race([load, new Promise((resolve) => setTimeout(resolve, COLD_WAIT_MS))]);
    }
    return current ?? new Map();
  }

  return {
    /** Every origin allowed to call the function from a browser. */
    async origins(): Promise<Set<string>> {
      return new Set([...siteOrigins, ...(await byId()).values()]);
    },
    /** A partner id is credited only to its own registered site: the request must come from its origin. */
    async verified(claimed: string | null, origin: string | null): Promise<string | null> {
      if (!claimed || !PARTNER_ID.test(claimed)) return null;
      return (await byId()).get(claimed) === origin ? claimed : null;
    },
  };
}
