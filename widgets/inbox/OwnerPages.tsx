// The owner's pages: the month's statement (per partner and page, with won and lost) and its CSV; a
// customer's data as the ready Danish access letter, and its erasure after the search is typed again;
// the team. A medarbejder never sees these links, and the backend refuses these actions to anyone but
// an owner anyway.
import { type FormEvent, useEffect, useState } from "react";
import { copenhagenDay, danishDate, danishMonth } from "../../supabase/functions/_shared/copenhagen-time.js";
import type { InboxApi, Member, Role, Statement } from "./api.ts";
import { downloadStatement, downloadText } from "./download.ts";
import { pageText } from "./lead-text.ts";
import { BackToList, useFailure } from "./use-failure.tsx";

type Props = { api: InboxApi; onSignedOut: (message: string) => void };

export function StatementPage({ api, onSignedOut }: Props) {
  const [month, setMonth] = useState(() => copenhagenDay().slice(0, 7));
  const [statement, setStatement] = useState<Statement | null>(null);
  const { fail, clear, shown } = useFailure(onSignedOut);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per month; fail and clear only set state
  useEffect(() => {
    let stopped = false;
    clear();
    setStatement(null);
    api
      .call("statement", { month })
      .then((answer) => !stopped && setStatement(answer))
      .catch((error) => !stopped && fail(error));
    return () => {
      stopped = true;
    };
  }, [api, month]);

  return (
    <section aria-labelledby="statement-title">
      <BackToList />
      <h1 id="statement-title">Månedsopgørelse</h1>
      <label htmlFor="statement-month">Måned</label>
      <input
        id="statement-month"
        type="month"
        value={month}
        onChange={(event) => event.currentTarget.value && setMonth(event.currentTarget.value)}
      />
      {shown}
      {statement && (
        <>
          <table className="inbox-table">
            <caption>Henvendelser i {danishMonth(statement.month)}</caption>
            <thead>
              <tr>
                <th scope="col">Kilde</th>
                <th scope="col">Henvendelser</th>
                <th scope="col">Vundet</th>
                <th scope="col">Tabt</th>
              </tr>
            </thead>
            <tbody>
              {statement.rows.map((row) => (
                <tr key={`${row.partner}|${row.page}`}>
                  <th scope="row">
                    {row.partner ?? "Egen side"}
                    {row.page && <span className="inbox-quiet inbox-page">{pageText(row.page)}</span>}
                  </th>
                  <td>{row.leads}</td>
                  <td>{row.won}</td>
                  <td>{row.lost}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">I alt</th>
                <td>{statement.totals.leads}</td>
                <td>{statement.totals.won}</td>
                <td>{statement.totals.lost}</td>
              </tr>
            </tfoot>
          </table>
          <button type="button" className="inbox-primary" onClick={() => downloadStatement(document, statement.month, statement.csv)}>
            Hent som CSV (regneark)
          </button>
        </>
      )}
    </section>
  );
}

/** An e-mail address is searched as one; anything else as a phone number. */
const searchOf = (typed: string) => (typed.includes("@") ? { email: typed } : { phone: typed });

export function CustomerPage({ api, onSignedOut }: Props) {
  const [search, setSearch] = useState<string | null>(null);
  const [found, setFound] = useState<{ requests: number; letter: string } | null>(null);
  const [erasing, setErasing] = useState(false);
  const [done, setDone] = useState<{ said: string; reminder: string } | null>(null);
  const { attempt, say, shown } = useFailure(onSignedOut);

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get("search") ?? "").trim();
    setFound(null);
    setErasing(false);
    setDone(null);
    if (!typed) return;
    const answer = await attempt(() => api.call("customer", searchOf(typed)));
    if (!answer) return;
    setFound(answer);
    setSearch(typed);
  }

  async function erase(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!search) return;
    const confirm = String(new FormData(event.currentTarget).get("confirm") ?? "").trim();
    if (confirm !== search) return say(`Skriv ${search} præcis som ovenfor for at slette.`);
    const answer = await attempt(() => api.call("erase", { ...searchOf(search), confirm }));
    if (!answer) return;
    const { erased, reminder } = answer;
    setDone({ said: `${erased} ${erased === 1 ? "henvendelse er slettet" : "henvendelser er slettet"}.`, reminder });
    setFound(null);
    setErasing(false);
  }

  return (
    <section aria-labelledby="customer-title">
      <BackToList />
      <h1 id="customer-title">Kundedata</h1>
      <p>Når en kunde beder om at se eller slette sine oplysninger: søg på kundens e-mail eller telefonnummer.</p>
      <form className="inbox-form" onSubmit={find}>
        <label htmlFor="customer-search">Kundens e-mail eller telefon</label>
        <input id="customer-search" name="search" autoComplete="off" required />
        <button type="submit" className="inbox-primary">
          Find kundens data
        </button>
      </form>
      {shown}
      {done && (
        <div role="status">
          <p className="inbox-done">{done.said}</p>
          {done.reminder && <p className="inbox-reminder">{done.reminder}</p>}
        </div>
      )}
      {found && search && (
        <>
          <h2>Svar til kunden</h2>
          <p>
            {found.requests === 1 ? "1 henvendelse" : `${found.requests} henvendelser`} fundet. Brevet herunder er klar til at sende til
            kunden.
          </p>
          <textarea className="inbox-letter" readOnly rows={12} value={found.letter} aria-label="Brev til kunden" />
          <div className="inbox-row">
            <button type="button" onClick={() => navigator.clipboard?.writeText(found.letter)}>
              Kopiér brevet
            </button>
            <button type="button" onClick={() => downloadText(document, "kundens-data.txt", found.letter, "text/plain;charset=utf-8")}>
              Hent som fil
            </button>
          </div>
          {found.requests > 0 &&
            (erasing ? (
              <form className="inbox-form inbox-danger" onSubmit={erase}>
                <label htmlFor="erase-confirm">
                  Skriv <strong>{search}</strong> igen for at slette kundens data for altid
                </label>
                <input id="erase-confirm" name="confirm" autoComplete="off" required />
                <div className="inbox-row">
                  <button type="submit" className="inbox-primary inbox-danger-button">
                    Slet for altid
                  </button>
                  <button type="button" className="inbox-link" onClick={() => setErasing(false)}>
                    Fortryd
                  </button>
                </div>
              </form>
            ) : (
              <button type="button" className="inbox-danger-button" onClick={() => setErasing(true)}>
                Slet kundens data …
              </button>
            ))}
        </>
      )}
    </section>
  );
}

const ROLES: Record<Role, string> = { ejer: "Ejer", medarbejder: "Medarbejder" };

export function TeamPage({ api, onSignedOut, myId }: Props & { myId: string }) {
  const [members, setMembers] = useState<Member[] | null>(null);
  const { fail, attempt, shown } = useFailure(onSignedOut);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once; fail only sets state
  useEffect(() => {
    api
      .call("team")
      .then(({ members }) => setMembers(members))
      .catch(fail);
  }, [api]);

  async function update(action: () => Promise<{ members: Member[] }>) {
    const answer = await attempt(action);
    if (answer) setMembers(answer.members);
    return Boolean(answer);
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "").trim();
    const role = data.get("role") === "ejer" ? "ejer" : "medarbejder";
    if (await update(() => api.call("team_add", { email, role }))) form.reset();
  }

  return (
    <section aria-labelledby="team-title">
      <BackToList />
      <h1 id="team-title">Team</h1>
      <p>
        De personer, der kan logge ind i indbakken. En medarbejder kan arbejde med henvendelserne; kun en ejer kan se opgørelsen, slette
        kundedata og ændre teamet.
      </p>
      {shown}
      {members && (
        <ul className="inbox-team">
          {members.map((member) => (
            <li key={member.id}>
              <span>
                <strong>{member.email}</strong> {ROLES[member.role]} · tilføjet {danishDate(new Date(member.added_at))}
              </span>
              {member.id !== myId && (
                <button type="button" className="inbox-link" onClick={() => update(() => api.call("team_remove", { id: member.id }))}>
                  Fjern
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="inbox-form" onSubmit={add}>
        <h2>Tilføj en person</h2>
        <label htmlFor="team-email">E-mail</label>
        <input id="team-email" name="email" type="email" autoComplete="off" required />
        <label htmlFor="team-role">Rolle</label>
        <select id="team-role" name="role" defaultValue="medarbejder">
          <option value="medarbejder">Medarbejder</option>
          <option value="ejer">Ejer</option>
        </select>
        <button type="submit" className="inbox-primary">
          Tilføj
        </button>
      </form>
    </section>
  );
}
