// The answer to a GDPR access request (art. 15) as a ready Danish letter: every stored field of every
// request (./stored-fields.js), and what art. 15 asks to be told besides (purposes, recipients,
// retention, rights, complaint), from the same business facts the privacy page reads.
import { danishDate } from "../../supabase/functions/_shared/copenhagen-time.js";
import { fieldLines } from "./stored-fields.js";

/** @typedef {import("./stored-fields.js").StoredRow} StoredRow */

/**
 * The letter for `address`, with the rows stored for it, signed by the firm.
 * @param {string} address
 * @param {StoredRow[]} rows
 * @param {any} business site/_data/business.yaml as loaded (load-data.js)
 * @param {Date} [today]
 */
export function accessLetter(address, rows, business, today = new Date()) {
  const { identity, privacy, processors } = business;
  const greeting = rows.length ? `Kære ${rows[rows.length - 1].name}` : "Hej";
  const found = rows.length
    ? [
        `Vi har søgt på e-mailadressen ${address} (også stavet på andre måder) og fundet ${rows.length === 1 ? "én forespørgsel" : `${rows.length} forespørgsler`}. Her er alt, hvad vi har gemt om ${rows.length === 1 ? "den" : "hver af dem"}, også de tekniske oplysninger:`,
        ...rows.map((row, index) => [`Forespørgsel ${index + 1} af ${rows.length}:`, ...fieldLines(row)].join("\n")),
      ]
    : [`Vi har søgt på e-mailadressen ${address} (også stavet på andre måder) og har ingen oplysninger gemt om dig i vores database.`];
  return [
    identity.legalName,
    `${business.address.street}, ${business.address.postalCode} ${business.address.town}`,
    `CVR-nr. ${identity.cvr}`,
    "",
    `${business.address.town}, ${danishDate(today)}`,
    "",
    `Til: ${address}`,
    "",
    "Svar på din anmodning om indsigt",
    "",
    `${greeting}`,
    "",
    "Du har bedt om at få at vide, hvilke oplysninger vi har om dig (databeskyttelsesforordningens artikel 15).",
    "",
    ...found.flatMap((paragraph) => [paragraph, ""]),
    "Formål: Vi bruger oplysningerne til at besvare din forespørgsel, kontakte dig og give dig et tilbud (artikel 6, stk. 1, litra b). Den envejskodede IP-adresse og browserens navn bruger vi kun til at beskytte formularen mod spam og misbrug (artikel 6, stk. 1, litra f).",
    "",
    `Modtagere: Vi giver ikke oplysningerne videre. ${processors.database.name} (${processors.database.kind}, ${processors.database.region}) og ${processors.mail.name} (${processors.mail.kind}, ${processors.mail.region}) behandler dem på vores vegne som databehandlere. Vi har også fået forespørgslen som e-mail i vores indbakke.`,
    "",
    `Opbevaring: Forespørgsler slettes ${privacy.requestRetentionMonths} måneder efter, at vi har modtaget dem; den envejskodede IP-adresse og browserens navn efter ${privacy.clientDataRetentionDays} dage. Når en forespørgsel slettes, gemmer vi kun en optælling uden personoplysninger (antal pr. måned, side og samarbejdspartner).`,
    "",
    `Dine rettigheder: Du kan bede os rette eller slette oplysningerne, begrænse behandlingen, gøre indsigelse mod den og få dem udleveret i et almindeligt format. Skriv til ${business.email} eller ring på ${business.phone.display}.`,
    "",
    "Klage: Er du utilfreds med den måde, vi behandler dine oplysninger på, kan du klage til Datatilsynet, Carl Jacobsens Vej 35, 2500 Valby, www.datatilsynet.dk.",
    "",
    "Venlig hilsen",
    "",
    identity.legalName,
    `${business.phone.display} · ${business.email}`,
    "",
  ].join("\n");
}
