// One lead: everything the customer sent (photos shown from blob: URLs, revoked when the page closes),
// one tap to call, text or e-mail them and to find the address; its state as buttons in the order the
// firm works a lead (Tabt asks why); its history, who and when; and the team's notes.
import { type FormEvent, useEffect, useState } from "react";
import { ageText, whenText } from "./age.ts";
import type { InboxApi, Lead } from "./api.ts";
import { type LeadState, NOTE_MAX, LOST_REASON_MAX, STATES, needsReason, reasonProblem, stateLabel } from "./lead-states.ts";
import { addressText, kindText, pageText, sourceText } from "./lead-text.ts";
import { callLink, mapLink, replyLink, smsLink } from "./links.ts";
import { BackToList, useFailure } from "./use-failure.tsx";

type Props = { api: InboxApi; id: string; brand: string; onSignedOut: (message: string) => void };
type Photo = { index: number; name: string; url: string | null };

export function LeadPage({ api, id, brand, onSignedOut }: Props) {
  const [lead, setLead] = useState<Lead | null>(null);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const { fail, attempt, say, clear, message, shown } = useFailure(onSignedOut);
  const [losing, setLosing] = useState(false);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reading again on each render would refetch the photos
  useEffect(() => {
    let stopped = false;
    const urls: string[] = [];
    setLead(null);
    setPhotos([]);
    clear();
    api
      .call("lead", { id })
      .then(async ({ lead }) => {
        if (stopped) return;
        setLead(lead);
        for (const photo of lead.photos) {
          const url = await api
            .photo(id, photo.index)
            .then((blob) => URL.createObjectURL(blob))
            .catch(() => null);
          if (url) urls.push(url);
          if (stopped) break;
          setPhotos((shown) => [...shown, { index: photo.index, name: photo.name, url }]);
        }
      })
      .catch((error) => !stopped && fail(error));
    return () => {
      stopped = true;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [api, id]);

  async function change(action: () => Promise<{ lead: Lead }>) {
    setBusy(true);
    const answer = await attempt(action);
    setBusy(false);
    if (answer) setLead(answer.lead);
    return Boolean(answer);
  }

  async function move(state: LeadState) {
    if (needsReason(state)) return setLosing(true);
    await change(() => api.call("move", { id, state }));
  }

  async function lose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "").trim();
    const problem = reasonProblem(reason);
    if (problem) return say(problem);
    if (await change(() => api.call("move", { id, state: "tabt", reason }))) setLosing(false);
  }

  async function note(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get("note") ?? "").trim();
    if (!text) return say("Skriv noten først.");
    if (await change(() => api.call("note", { id, text }))) form.reset();
  }

  if (!lead)
    return (
      <section className="inbox-lead-page">
        <BackToList />
        {message ? shown : <p className="inbox-quiet">Henter …</p>}
      </section>
    );

  const now = new Date();
  const sent: [string, string | undefined][] = [
    ["Telefon", lead.phone],
    ["E-mail", lead.email],
    ["Adresse", addressText(lead.address ?? "", lead.postcode ?? "", lead.town ?? "")],
    ["Ydelse", lead.service],
    ["Hvad det drejer sig om", lead.description],
    ["Foretrækker", lead.preferred],
    ["Hvornår", lead.when],
    ["Kom fra", sourceText(lead.source) + (lead.source.page ? ` (${pageText(lead.source.page)})` : "")],
    ["Modtaget", `${whenText(new Date(lead.created_at), now)} (${ageText(new Date(lead.created_at), now)})`],
  ];

  return (
    <section className="inbox-lead-page" aria-labelledby="lead-title">
      <BackToList />
      <h1 id="lead-title">{lead.name}</h1>
      <p className="inbox-lead-meta">
        <span className={`inbox-state inbox-state-${lead.state}`}>{stateLabel(lead.state)}</span>{" "}
        <span className="inbox-kind">{kindText(lead)}</span>
      </p>
      <nav className="inbox-actions" aria-label="Kontakt kunden">
        {lead.phone && <a href={callLink(lead.phone)}>Ring</a>}
        {lead.phone && <a href={smsLink(lead.phone)}>SMS</a>}
        {lead.email && <a href={replyLink(lead.email, lead.name, brand)}>E-mail</a>}
        {(lead.address || lead.town) && (
          <a
            href={mapLink(addressText(lead.address ?? "", lead.postcode ?? "", lead.town ?? ""))}
            target="_blank"
            rel="noopener noreferrer"
          >
            Kort
          </a>
        )}
      </nav>
      {shown}
      <h2>Status</h2>
      <div className="inbox-states">
        {STATES.map(({ key, label }) => (
          <button key={key} type="button" aria-pressed={lead.state === key} disabled={busy} onClick={() => move(key)}>
            {label}
          </button>
        ))}
      </div>
      {losing && (
        <form className="inbox-form" onSubmit={lose}>
          <label htmlFor="lost-reason">Hvorfor er opgaven tabt?</label>
          <input id="lost-reason" name="reason" maxLength={LOST_REASON_MAX} required />
          <div className="inbox-row">
            <button type="submit" className="inbox-primary" disabled={busy}>
              Gem som tabt
            </button>
            <button type="button" className="inbox-link" onClick={() => setLosing(false)}>
              Fortryd
            </button>
          </div>
        </form>
      )}
      <h2>Kunden skrev</h2>
      <dl className="inbox-fields">
        {sent
          .filter(([, value]) => value)
          .map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {lead.photos.length > 0 && (
        <>
          <h2>Billeder</h2>
          <ul className="inbox-photos">
            {photos.map((photo) => (
              <li key={photo.index}>
                {photo.url ? (
                  <a href={photo.url} target="_blank" rel="noopener">
                    <img src={photo.url} alt={photo.name} />
                  </a>
                ) : (
                  <span className="inbox-quiet">{photo.name}: ikke gemt længere</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>Historik</h2>
      <ol className="inbox-history">
        {lead.history.map((entry) => (
          <li key={`${entry.at}${entry.state}`}>
            <strong>{stateLabel(entry.state)}</strong>
            {entry.reason ? `: ${entry.reason}` : ""}{" "}
            <span className="inbox-quiet">{`${whenText(new Date(entry.at), now)} · ${entry.by}`}</span>
          </li>
        ))}
      </ol>
      <h2>Noter</h2>
      {lead.notes.length > 0 && (
        <ul className="inbox-notes">
          {lead.notes.map((entry) => (
            <li key={`${entry.at}${entry.by}`}>
              <p>{entry.text}</p>
              <span className="inbox-quiet">{`${whenText(new Date(entry.at), now)} · ${entry.by}`}</span>
            </li>
          ))}
        </ul>
      )}
      <form className="inbox-form" onSubmit={note}>
        <label htmlFor="lead-note">Ny note (kun teamet ser den)</label>
        <textarea id="lead-note" name="note" rows={3} maxLength={NOTE_MAX} />
        <button type="submit" className="inbox-primary" disabled={busy}>
          Gem note
        </button>
      </form>
    </section>
  );
}
