// A lead's states as the inbox shows them, in the order the firm works a lead (the backend's `move` takes
// the keys; `tabt` needs a reason of 1–300 characters, which the backend checks too).
export const STATES = [
  { key: "ny", label: "Ny" },
  { key: "ringet_op", label: "Ringet op" },
  { key: "besigtigelse", label: "Besigtigelse aftalt" },
  { key: "tilbud_sendt", label: "Tilbud sendt" },
  { key: "vundet", label: "Vundet" },
  { key: "tabt", label: "Tabt" },
] as const;

export type LeadState = (typeof STATES)[number]["key"];

/** The longest reason a lost lead takes. */
export const LOST_REASON_MAX = 300;
/** The longest note a lead takes. */
export const NOTE_MAX = 2000;

/** The Danish label of a state; an unknown key as it is, so a state added by the backend still shows. */
export const stateLabel = (state: string) => STATES.find(({ key }) => key === state)?.label ?? state;

/** Whether the firm still has work to do on a lead: neither won nor lost (the list's default view). */
export const isOpen = (state: string) => state !== "vundet" && state !== "tabt";

/** Whether a move to `state` needs a reason, and whether `reason` is one the backend takes. */
export const needsReason = (state: string) => state === "tabt";
export const reasonProblem = (reason: string) => {
  const text = reason.trim();
  if (!text) return "Skriv kort, hvorfor opgaven er tabt.";
  if (text.length > LOST_REASON_MAX) return `Begrundelsen må højst være ${LOST_REASON_MAX} tegn.`;
  return null;
};
