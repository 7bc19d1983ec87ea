// The list of leads, newest first: open ones by default, all at a switch, searched by name, phone,
// e-mail or town. While the page is visible it asks every 3 s for what changed since its last answer
// (`leads` with `since`), and reads the list again when anything did, so a new lead shows within 5 s.
// The last list read is kept for reading offline (offline-list.ts), and shown, marked so, when the
// backend cannot be reached.
import { useEffect, useRef, useState } from "react";
import { ageText, clockTime } from "./age.ts";
import { type InboxApi, InboxError, type LeadSummary } from "./api.ts";
import { stateLabel } from "./lead-states.ts";
import { kindText, sourceText } from "./lead-text.ts";
import { keepList, keptList } from "./offline-list.ts";
import { hashOf } from "./routes.ts";

/** How often an open inbox asks for new leads, in ms (a new lead shows within 5 s). */
export const POLL_MS = 3000;
const SEARCH_PAUSE_MS = 300;

type Props = {
  api: InboxApi;
  userId: string;
  storage: Storage;
  /** Called when the backend says the session is over. */
  onSignedOut: (message: string) => void;
};

type Shown = { leads: LeadSummary[]; offlineSince: Date | null; error: string | null };

export function LeadList({ api, userId, storage, onSignedOut }: Props) {
  const [view, setView] = useState<"open" | "all">("open");
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [shown, setShown] = useState<Shown | null>(null);
  const [now, setNow] = useState(() => new Date());
  const signedOut = useRef(onSignedOut);
  signedOut.current = onSignedOut;

  useEffect(() => {
    const pause = setTimeout(() => setQ(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(pause);
  }, [typed]);

  useEffect(() => {
    let stopped = false;
    let since: string | null = null;
    const params = { view, ...(q ? { q } : {}) };

    function failed(error: unknown) {
      if (stopped) return;
      if (error instanceof InboxError && error.status === 401) return signedOut.current(error.message);
      if (error instanceof InboxError && error.status === 0) {
        const kept = keptList(storage, userId);
        setShown((current) => ({
          leads: current?.leads.length ? current.leads : (kept?.leads ?? []),
          offlineSince: current?.offlineSince ?? (kept ? new Date(kept.savedAt) : new Date(0)),
          error: null,
        }));
        return;
      }
      setShown((current) => ({
        leads: current?.leads ?? [],
        offlineSince: null,
        error: error instanceof Error ? error.message : String(error),
      }));
    }

    async function read() {
      const answer = await api.call("leads", params);
      if (stopped) return;
      since = answer.now;
      setShown({ leads: answer.leads, offlineSince: null, error: null });
      keepList(storage, userId, answer.leads, new Date());
    }

    async function poll() {
      setNow(new Date());
      if (document.visibilityState !== "visible") return;
      try {
        if (!since) return await read();
        const changed = await api.call("leads", { ...params, since });
        if (stopped) return;
        since = changed.now;
        if (changed.leads.length > 0) await read();
        else setShown((current) => (current?.offlineSince || current?.error ? { ...current, offlineSince: null, error: null } : current));
      } catch (error) {
        since = null;
        failed(error);
      }
    }

    read().catch(failed);
    const timer = setInterval(poll, POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && poll();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [api, userId, storage, view, q]);

  return (
    <section className="inbox-list" aria-labelledby="list-title">
      <h1 id="list-title">Henvendelser</h1>
      <div className="inbox-filters">
        <fieldset className="inbox-switch">
          <legend className="inbox-hidden">Vis</legend>
          <button type="button" aria-pressed={view === "open"} onClick={() => setView("open")}>
            Åbne
          </button>
          <button type="button" aria-pressed={view === "all"} onClick={() => setView("all")}>
            Alle
          </button>
        </fieldset>
        <label htmlFor="inbox-search" className="inbox-hidden">
          Søg
        </label>
        <input
          id="inbox-search"
          type="search"
          placeholder="Søg: navn, telefon, e-mail eller by"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
      </div>
      {shown?.offlineSince && (
        <p className="inbox-offline" role="status">
          {shown.offlineSince.getTime() > 0
            ? `Offline: listen fra ${clockTime(shown.offlineSince)}`
            : "Offline: ingen liste gemt på telefonen endnu"}
        </p>
      )}
      {shown?.error && (
        <p className="inbox-error" role="alert">
          {shown.error}
        </p>
      )}
      {!shown ? (
        <p className="inbox-quiet">Henter …</p>
      ) : shown.leads.length === 0 ? (
        <p className="inbox-quiet">
          {q ? "Ingen henvendelser passer til søgningen." : view === "open" ? "Ingen åbne henvendelser." : "Ingen henvendelser endnu."}
        </p>
      ) : (
        <ul className="inbox-leads">
          {shown.leads.map((lead) => (
            <li key={lead.id}>
              <a href={hashOf({ page: "lead", id: lead.id })} className="inbox-lead">
                <span className="inbox-lead-top">
                  <strong>{lead.name}</strong>
                  <span className={`inbox-state inbox-state-${lead.state}`}>{stateLabel(lead.state)}</span>
                </span>
                <span>{[lead.town, lead.about].filter(Boolean).join(" · ")}</span>
                <span className="inbox-lead-meta">
                  <span className="inbox-kind">{kindText(lead)}</span> · {sourceText(lead.source)} ·{" "}
                  <time dateTime={lead.created_at}>{ageText(new Date(lead.created_at), now)}</time>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
