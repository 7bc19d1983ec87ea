// The booking of a free inspection (docs/product.md#booking-a-free-inspection): the free times of the
// next 14 days, then the quote form's fields (its rules, messages, photos, draft and sending code), and
// 'Book besigtigelse'. Rendered at build time as a box of fixed size that says how to book without
// JavaScript (by phone, or the quote form); in the browser the times arrive into it and the form follows.
// Opened from the link of a confirmation (#aendr=…), it shows that booking with its cancel and move.
import { useEffect, useRef, useState } from "react";
import { QUOTE_FIELDS, type QuoteField as Field } from "#quote-rules";
import { danishVisit } from "../../supabase/functions/_shared/copenhagen-time.js";
import { nearestSlots } from "../../supabase/functions/_shared/nearest-slots.ts";
import { ensureNoticesRegion } from "../shared/notices-region.tsx";
import { PrivacyNote } from "../shared/PrivacyNote.tsx";
import { wholeStylesheet } from "../shared/whole-stylesheet.ts";
import type { SiteFacts } from "../shared/site-facts.ts";
import { FailedNote, Honeypot, SendStatus } from "../quote-form/form-parts.tsx";
import { PhotoField } from "../quote-form/PhotoField.tsx";
import { QuoteFields } from "../quote-form/QuoteField.tsx";
import type { SendResult } from "../quote-form/send-quote.ts";
import { useDraft } from "../quote-form/use-draft.ts";
import { useQuoteSubmit } from "../quote-form/use-quote-submit.ts";
import { fetchSlots, linkInAddress, type Slot } from "./booking-api.ts";
import { ManageBooking } from "./ManageBooking.tsx";
import { TimePicker } from "./TimePicker.tsx";

export type BookingFormProps = {
  /** Prefix of element ids, unique on the page. */
  id: string;
  facts: SiteFacts;
  /** The phone hours as the pages print them: when to call instead. */
  hours: string;
  /** The page the form is on (sent with the booking). */
  page: string;
  onResult?: (result: SendResult) => void;
};

/** Said where the times come, before they do and wherever JavaScript does not run. */
export function WithoutTimes({ facts, hours }: Pick<BookingFormProps, "facts" | "hours">) {
  return (
    <p className="booking-without">
      De ledige tider vises her. Ser du dem ikke, så ring på <a href={`tel:${facts.phone.e164}`}>{facts.phone.display}</a> ({hours}), så
      finder vi en tid sammen, eller <a href="/kontakt">skriv til os i formularen</a>.
    </p>
  );
}

export function BookingForm({ id, facts, hours, page, onResult }: BookingFormProps) {
  // Until the browser has run the effects and the whole stylesheet is here, the page shows what it
  // showed without JavaScript.
  const [ready, setReady] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | undefined>();
  const [booked, setBooked] = useState<string | null>(null);
  const [nearest, setNearest] = useState<Slot[]>([]);
  const choice = useRef<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const draft = useDraft({ form });

  const load = async () => {
    const answer = await fetchSlots(facts.backend);
    setFailed(!answer.ok);
    setSlots(answer.ok ? answer.data.slots : []);
    return answer.ok ? answer.data.slots : [];
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island starts
  useEffect(() => {
    // What follows the box is markup the build did not render: drawn once the whole stylesheet is here.
    void wholeStylesheet().then(() => setReady(true));
    const fromAddress = linkInAddress(location.hash);
    setLink(fromAddress);
    if (!fromAddress) void load();
    // The confirmation's link followed where this page is open already changes only the address's
    // fragment: the page does not load again, so the booking it names is shown from here.
    const follow = () => {
      const named = linkInAddress(location.hash);
      if (named) setLink(named);
    };
    addEventListener("hashchange", follow);
    return () => removeEventListener("hashchange", follow);
  }, []);

  const choose = (start: string) => {
    choice.current = start;
    setChosen(start);
    setStartError(undefined);
  };
  const submit = useQuoteSubmit({
    id,
    facts,
    fields: QUOTE_FIELDS,
    values: draft.values,
    elapsedMs: draft.elapsedMs,
    extra: () => ({ kind: "booking", start: choice.current ?? "", page }),
    form,
    onSent: () => {
      draft.reset();
      setBooked(choice.current);
      choice.current = null;
      setChosen(null);
      setNearest([]);
      void load();
      return { title: "Besigtigelse booket!", description: "Du får en bekræftelse på e-mail med tiden til din kalender." };
    },
    onResult: (result) => {
      onResult?.(result);
      // The time went to someone else meanwhile: the times again, the nearest first.
      if (!result.ok && result.status === 409) {
        const wanted = new Date(choice.current ?? Date.now());
        choice.current = null;
        setChosen(null);
        void load().then((fresh) => setNearest(nearestSlots(fresh, wanted)));
      }
    },
  });
  const update = (field: Field, value: string) => {
    draft.set(field, value);
    submit.clearError(field);
  };
  const onSubmit = (event: { preventDefault(): void }) => {
    // Where the notice of how it went shows: added now, not when the island started with the page.
    ensureNoticesRegion("elektriker-notices");
    if (choice.current) return submit.onSubmit(event);
    event.preventDefault();
    setStartError("Vælg en af de ledige tider");
    form.current?.querySelector<HTMLElement>("[name=start]")?.focus();
  };

  if (ready && link) return <ManageBooking key={link} id={id} facts={facts} link={link} />;
  const bookedSlot = booked ? slots?.find((slot) => slot.start === booked) : undefined;
  return (
    <div className="quote-card booking-card">
      <h2 id={`${id}-times-title`}>Vælg en tid</h2>
      <p className="quote-intro">Besigtigelsen er gratis og binder dig ikke til noget. Den tager cirka en time.</p>
      {!ready || slots === null ? (
        <div className="booking-placeholder">
          <WithoutTimes facts={facts} hours={hours} />
        </div>
      ) : (
        <form ref={form} noValidate aria-labelledby={`${id}-times-title`} onSubmit={onSubmit}>
          {submit.outcome?.kind === "sent" && booked ? (
            <p id={`${id}-sent`} className="quote-sent" tabIndex={-1}>
              <strong>Tak! Din besigtigelse er booket: {danishVisit(bookedSlot ?? { start: booked, end: booked })}.</strong> Vi har sendt en
              bekræftelse med en kalenderinvitation til din e-mail; dagen før får du en påmindelse. Vi ser på opgaven sammen med dig og
              giver dig bagefter en fast pris. Kan du ikke alligevel, så aflys med linket i e-mailen.
            </p>
          ) : null}
          {nearest.length ? (
            <p className="booking-nearest">
              Nærmeste ledige tider:{" "}
              {nearest.map((slot) => (
                <button key={slot.start} type="button" className="btn btn-outline booking-near" onClick={() => choose(slot.start)}>
                  {danishVisit(slot)}
                </button>
              ))}
            </p>
          ) : null}
          <FailedNote id={id} outcome={submit.outcome} phone={facts.phone} />
          {slots.length ? (
            <TimePicker id={id} slots={slots} chosen={chosen} onChoose={choose} error={startError} />
          ) : (
            <p className="booking-without">
              {failed ? "Vi kunne ikke hente de ledige tider." : "Der er ingen ledige tider de næste 14 dage."} Ring på{" "}
              <a href={`tel:${facts.phone.e164}`}>{facts.phone.display}</a> ({hours}), så finder vi en tid.
            </p>
          )}
          <h3 className="booking-step">Dine oplysninger</h3>
          <QuoteFields formId={id} fields={QUOTE_FIELDS} values={draft.values} errors={submit.errors} onChange={update} />
          <PhotoField formId={id} />
          <Honeypot />
          <button type="submit" className="btn btn-primary quote-submit" aria-disabled={submit.sending ? "true" : undefined}>
            {submit.sending ? "Sender..." : "Book besigtigelse"}
          </button>
          <PrivacyNote
            facts={facts}
            use="dine oplysninger til besigtigelsen og dit tilbud"
            more="Tiden slettes med forespørgslen; billeder gemmes kun, til de er mailet til os."
          />
          <SendStatus status={submit.status} />
        </form>
      )}
    </div>
  );
}
