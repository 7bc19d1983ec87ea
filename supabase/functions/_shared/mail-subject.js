// The subject of the firm's e-mail about a lead (mail.ts), said in one place: after an erasure the firm
// is told to search its mailbox for it (stored-fields.js, mailCopiesReminder). Plain JavaScript, shared by
// the functions (Deno) and scripts/forget-requester.js (Node).
import { danishVisit } from "./copenhagen-time.js";

/**
 * A call-back says whom to call; a booking, when the visit is and where; a quote, where.
 * @param {{ kind?: string | null, name: string, phone: string, location?: string | null,
 *   visit?: { start: string | Date, end: string | Date } | null }} lead
 */
export function firmSubject({ kind, name, phone, location, visit }) {
  if (kind === "callback") return `Ring op: ${name}, ${phone}`;
  if (kind === "booking" && visit) return `Ny besigtigelse: ${danishVisit(visit)}, ${location}`;
  return `Ny forespørgsel: ${location}`;
}
