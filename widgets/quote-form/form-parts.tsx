// The parts the quote form and the call-back form share around their own fields: what the last send
// left (kept for later, failed), the honeypot field and the live status line. One place, so the two
// forms say and mark up these the same way.
import { PhoneText } from "../shared/PhoneText.tsx";
import type { SiteFacts } from "../shared/site-facts.ts";
import type { Outcome } from "./use-quote-submit.ts";

/** A request with no answer, kept to go by itself (use-quote-submit.ts): said in the form, focused. */
export function KeptNote({ id, outcome }: { id: string; outcome: Outcome }) {
  return outcome?.kind === "kept" ? (
    <p id={`${id}-kept`} className="quote-sent" role="status" tabIndex={-1}>
      <strong>Gemt til senere:</strong> {outcome.message}
    </p>
  ) : null;
}

/** The reason a send failed, in an alert beside the button that outlasts the notice, focused. */
export function FailedNote({ id, outcome, phone }: { id: string; outcome: Outcome; phone: SiteFacts["phone"] }) {
  return outcome?.kind === "failed" ? (
    <p id={`${id}-failed`} className="quote-failed" role="alert" tabIndex={-1}>
      <strong>Ikke sendt:</strong> <PhoneText text={outcome.message} phone={phone} />
    </p>
  ) : null;
}

/** A field only bots fill in, hidden from people and screen readers (the function's honeypot, `website`). */
export function Honeypot() {
  return (
    <div className="hidden">
      <label>
        Udfyld ikke dette felt <input name="website" type="text" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

/** The line a screen reader hears while sending and after ("Sender...", "Besked sendt"). */
export function SendStatus({ status }: { status: string }) {
  return (
    <p className="sr-only" role="status">
      {status}
    </p>
  );
}
