// A customer's booking, opened from the link of their confirmation (#aendr=<id>.<token>): its time, and
// 'Aflys besigtigelsen' or a free time to move it to. The function checks the link and changes only that
// booking, while the visit is to come; the customer and the firm get the updated invitation by e-mail.
import { useEffect, useState } from "react";
import { danishVisit } from "../../supabase/functions/_shared/copenhagen-time.js";
import type { SiteFacts } from "../shared/site-facts.ts";
import { type BookedVisit, changeBooking, fetchBooking } from "./booking-api.ts";
import { TimePicker } from "./TimePicker.tsx";

export function ManageBooking({ id, facts, link }: { id: string; facts: SiteFacts; link: string }) {
  const [visit, setVisit] = useState<BookedVisit | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const failure = `Det lykkedes ikke. Ring til os på ${facts.phone.display}.`;
  useEffect(() => {
    void fetchBooking(facts.backend, link).then((answer) => (answer.ok ? setVisit(answer.data) : setMessage(answer.error ?? failure)));
  }, [facts.backend, link, failure]);

  const change = async (start: string | null) => {
    if (busy) return;
    setBusy(true);
    const answer = await changeBooking(facts.backend, link, start);
    setBusy(false);
    setChosen(null);
    if (answer.ok) {
      setVisit(answer.data);
      setMessage(
        start
          ? "Besigtigelsen er flyttet. Du får en e-mail med den nye tid til din kalender."
          : "Besigtigelsen er aflyst. Du får en e-mail om det.",
      );
    } else setMessage(answer.error ?? failure);
  };

  return (
    <div className="quote-card booking-card">
      <h2 id={`${id}-times-title`}>Din besigtigelse</h2>
      {visit ? (
        <p className="quote-intro">
          {danishVisit(visit)}: {visit.cancelled ? "aflyst." : visit.active ? "booket." : "overstået."}
        </p>
      ) : null}
      {message ? (
        <p className="quote-sent" role="status">
          {message}
        </p>
      ) : null}
      {visit?.active ? (
        <>
          <button
            type="button"
            className="btn btn-outline booking-cancel"
            aria-disabled={busy ? "true" : undefined}
            onClick={() => change(null)}
          >
            Aflys besigtigelsen
          </button>
          <h3 className="booking-step">Eller flyt den til en anden tid</h3>
          <TimePicker id={id} slots={visit.slots} chosen={chosen} onChoose={setChosen} />
          <button
            type="button"
            className="btn btn-primary quote-submit"
            aria-disabled={busy || !chosen ? "true" : undefined}
            onClick={() => chosen && change(chosen)}
          >
            Flyt til den valgte tid
          </button>
        </>
      ) : null}
    </div>
  );
}
