// The answer to a GDPR access request (art. 15) as a ready Danish letter: every stored field of every
// request (./stored-fields.js), and what art. 15 asks to be told besides (purposes, recipients,
// retention, rights, complaint), from the firm's facts as the site publishes them (site/_lib/site-facts.js:
// the same business facts the privacy page reads). Plain JavaScript, shared by
// scripts/forget-requester.js (Node) and the inbox (Deno), so both write the same letter.
import { danishDate } from "./copenhagen-time.js";
import { fieldLines, searchedFor } from "./stored-fields.js";

/** @typedef {import("./stored-fields.js").StoredRow} StoredRow */
/**
 * @typedef {{ name: string, kind: string, region: string }} Processor
 * @typedef {{ phone: string, email: string, retention: { requestMonths: number, clientDataDays: number },
 *   controller: { legalName: string, cvr: string, street: string, postalCode: string, town: string,
 *     processors: { database: Processor, mail: Processor } } }} LetterFacts  the site's facts the letter states
 */

/**
 * The letter for the customer found by `who` (an e-mail address or a phone number, as typed), with the
 * rows stored for them, signed by the firm.
 * @param {{ email?: string | null, phone?: string | null }} who
 * @param {StoredRow[]} rows
 * @param {LetterFacts} facts
 * @param {Date} [today]
 */
export function accessLetter(who, rows, facts, today = new Date()) {
  const { controller, retention } = facts;
  const { processors } = controller;
  const searched = searchedFor(who);
  const greeting = rows.length ? `Kære ${rows[rows.length - 1].name}` : "Hej";
  const found = rows.length
    ? [
        `Vi har søgt på ${searched.kind} ${searched.value} (${searched.spellings}) og fundet ${rows.length === 1 ? "én forespørgsel" : `${rows.length} forespørgsler`}. Her er alt, hvad vi har gemt om ${rows.length === 1 ? "den" : "hver af dem"}, også de tekniske oplysninger:`,
        ...rows.map((row, index) => [`Forespørgsel ${index + 1} af ${rows.length}:`, ...fieldLines(row)].join("\n")),
      ]
    : [`Vi har søgt på ${searched.kind} ${searched.value} (${searched.spellings}) og har ingen oplysninger gemt om dig i vores database.`];
  return [
    controller.legalName,
    `${controller.street}, ${controller.postalCode} ${controller.town}`,
    `CVR-nr. ${controller.cvr}`,
    "",
    `${controller.town}, ${danishDate(today)}`,
    "",
    `Til: ${searched.value}`,
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
    `Opbevaring: Forespørgsler slettes ${retention.requestMonths} måneder efter, at vi har modtaget dem; den envejskodede IP-adresse og browserens navn efter ${retention.clientDataDays} dage. Når en forespørgsel slettes, gemmer vi kun en optælling uden personoplysninger (antal pr. måned, side og samarbejdspartner, og hvor mange der blev til en opgave).`,
    "",
    `Dine rettigheder: Du kan bede os rette eller slette oplysningerne, begrænse behandlingen, gøre indsigelse mod den og få dem udleveret i et almindeligt format. Skriv til ${facts.email} eller ring på ${facts.phone}.`,
    "",
    "Klage: Er du utilfreds med den måde, vi behandler dine oplysninger på, kan du klage til Datatilsynet, Carl Jacobsens Vej 35, 2500 Valby, www.datatilsynet.dk.",
    "",
    "Venlig hilsen",
    "",
    controller.legalName,
    `${facts.phone} · ${facts.email}`,
    "",
  ].join("\n");
}
