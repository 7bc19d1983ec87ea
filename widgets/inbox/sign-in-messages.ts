// What the owner reads when a sign-in step is refused. Supabase Auth (and the local stack's stand-in of
// it) answers with a status and a code (docs: the inbox contract in widgets/inbox/README.md); every case a
// person can cause gets its own Danish sentence.
import { FAILED_MESSAGE as FAILED, OFFLINE_MESSAGE as OFFLINE } from "./api.ts";

export type AuthFailure = { status?: number; code?: string; name?: string } | null | undefined;

export const NOT_ON_TEAM = "Den adresse er ikke med på firmaets team. Bed firmaets ejer om at tilføje dig, eller tjek stavningen.";
export const TOO_MANY = "For mange forsøg. Vent et par minutter, og prøv igen.";
export const WRONG_CODE = "Koden er forkert eller udløbet. Tjek de 6 cifre, eller bed om en ny kode.";
// No connection, and any other failure: the inbox's own words for them (api.ts).
export { FAILED, OFFLINE };

/** The message for a refused request for a code. */
export function codeRequestMessage(error: AuthFailure) {
  if (!error) return null;
  if (error.status === 429 || error.code?.startsWith("over_")) return TOO_MANY;
  if (error.code === "otp_disabled" || error.code === "signup_disabled" || error.code === "user_not_found" || error.status === 422)
    return NOT_ON_TEAM;
  if (isOffline(error)) return OFFLINE;
  return FAILED;
}

/** The message for a refused code. */
export function codeCheckMessage(error: AuthFailure) {
  if (!error) return null;
  if (error.status === 429 || error.code?.startsWith("over_")) return "For mange forkerte koder. Bed om en ny kode.";
  if (error.code === "otp_expired" || error.status === 403 || error.status === 400) return WRONG_CODE;
  if (isOffline(error)) return OFFLINE;
  return FAILED;
}

/** supabase-js reports a request that got no answer (AuthRetryableFetchError) with no HTTP status. */
const isOffline = (error: NonNullable<AuthFailure>) => !error.status;

/** A code as typed: digits only ('123 456' and '123-456' as a mail app may copy them). */
export const cleanCode = (typed: string) => typed.replace(/\D/g, "");
