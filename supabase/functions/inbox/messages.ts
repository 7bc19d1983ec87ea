// Every refusal of the inbox, in Danish, as the owner reads it on the page: one sentence each, in one place.

export const MESSAGES = {
  signedOut: "Du er ikke logget ind, eller din session er udløbet. Log ind igen.",
  notMember: "Du er ikke med på firmaets team.",
  ownerOnly: "Det kan kun firmaets ejer.",
  noLead: "Henvendelsen findes ikke længere.",
  noPhoto: "Billedet findes ikke længere: billeder gemmes kun, til e-mailen med dem er sendt.",
  noMember: "Personen er ikke på teamet.",
  failed: "Noget gik galt. Prøv igen om lidt.",
  method: "Indbakken tager kun imod POST.",
  body: 'Forespørgslen skal være JSON med en "action".',
  action: "Ukendt handling.",
  id: "Henvendelsens id mangler eller er ugyldigt.",
  view: 'Visningen skal være "open" eller "all".',
  q: "Søgningen må højst være 100 tegn.",
  since: "Tidspunktet skal være et ISO-tidspunkt.",
  state: "Ukendt status. Vælg Ny, Ringet op, Besigtigelse aftalt, Tilbud sendt, Vundet eller Tabt.",
  reason: "Skriv en grund til, at opgaven er tabt (1–300 tegn).",
  text: "Skriv en note på 1–2000 tegn.",
  index: "Billedets nummer mangler eller er ugyldigt.",
  noVisit: "Der er ingen kommende besigtigelse at aflyse.",
  email: "Skriv en gyldig e-mailadresse.",
  role: "Rollen skal være ejer eller medarbejder.",
  lastOwner: "Firmaet skal have mindst én ejer: gør en anden til ejer, før du fjerner eller ændrer den sidste.",
  memberId: "Personens id mangler eller er ugyldigt.",
  subscription: "Enheden kunne ikke tilmeldes beskeder: abonnementet er ugyldigt.",
  endpoint: "Enhedens adresse mangler.",
  month: "Måneden skal skrives ÅÅÅÅ-MM, fx 2026-11.",
  customer: "Søg på enten en e-mailadresse eller et telefonnummer.",
  phone: "Skriv et telefonnummer med mindst 8 cifre.",
  confirm: "Skriv e-mailadressen eller telefonnummeret igen, præcis som du søgte på det, for at bekræfte sletningen.",
  noPush: "Beskeder på telefonen er ikke sat op endnu: firmaets VAPID-nøgler mangler.",
  noFacts: "Brevet kan ikke skrives endnu: firmaets oplysninger fra hjemmesiden mangler. Udgiv siden igen, og prøv om lidt.",
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The database's refusals (supabase/migrations/20261130000000_inbox.sql) as status and message. */
export const DATABASE_REFUSALS: Record<string, [number, MessageKey]> = {
  not_member: [403, "notMember"],
  owner_only: [403, "ownerOnly"],
  no_lead: [404, "noLead"],
  no_member: [404, "noMember"],
  view: [400, "view"],
  state: [400, "state"],
  reason: [400, "reason"],
  text: [400, "text"],
  role: [400, "role"],
  last_owner: [400, "lastOwner"],
  no_visit: [400, "noVisit"],
  subscription: [400, "subscription"],
  customer: [400, "customer"],
};
