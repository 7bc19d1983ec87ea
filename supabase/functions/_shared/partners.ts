// The sites a request may come from: the site's own origins plus the active rows of public.partners,
// the one list of partners (docs/partners.md), which both lets a partner's origin send and credits it.
// The list is reread at most once a minute. A request from an origin the list holds is answered from it
// and never waits for the database, which may be slow or hung; a list past its age is reread in the
// background then. An origin the list does not hold, judged by a list past its age (after an idle
// spell, or a partner added a moment ago), waits for the fresh list, at most FRESH_WAIT_MS, before it
// is refused: a partner added by `npm run partners` can send within the minute the command promises.
// Meanwhile the site's own origins are always served.
import type { Store } from "./store.ts";

const TTL_MS = 60_000;
/** How long a request waits for a list being reread before it is judged by the list it has. */
const FRESH_WAIT_MS = 1_000;
const PARTNER_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The partner list of one function instance; `ttlMs` how old a list may get before it is reread. */
export function createPartnerList(store: Pick<Store, "partners">, siteOrigins: readonly string[], ttlMs = TTL_MS) {
  let current: Map<string, string> | null = null;
  let loadedAt = Number.NEGATIVE_INFINITY;
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

  /** The list; reread when past its age, and waited for (bounded) when `wanted` says the list in hand will not do. */
  async function byId(wanted: (list: Map<string, string>) => boolean = () => true): Promise<Map<string, string>> {
    if (Date.now() - loadedAt > ttlMs) {
      const load = refresh();
      if (current === null || !wanted(current)) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([load, new Promise((resolve) => (timer = setTimeout(resolve, FRESH_WAIT_MS)))]);
        clearTimeout(timer);
      }
    }
    return current ?? new Map();
  }

  const holds = (origin: string | null) => (list: Map<string, string>) =>
    origin === null || siteOrigins.includes(origin) || [...list.values()].includes(origin);

  return {
    /** Every origin allowed to call the function from a browser, fresh enough to judge `origin` (when given). */
    async origins(origin: string | null = null): Promise<Set<string>> {
      return new Set([...siteOrigins, ...(await byId(holds(origin))).values()]);
    },
    /** A partner id is credited only to its own registered site: the request must come from its origin. */
    async verified(claimed: string | null, origin: string | null): Promise<string | null> {
      if (!claimed || !PARTNER_ID.test(claimed)) return null;
      return (await byId((list) => list.get(claimed) === origin)).get(claimed) === origin ? claimed : null;
    },
  };
}
