// The firm's monthly statement e-mail: one month's leads in total, per partner and per page, the
// undelivered ones, and those won and lost, in Danish (the tables are lead-statement.js's, the same as
// `npm run leads -- --by-partner`).
import { danishMonth } from "./copenhagen-time.js";
import { escapeHtml } from "./escape-html.js";
import { pageTable, partnerTable, type StatementRow, totals, WHAT_COUNTS } from "./lead-statement.js";
import type { OutgoingMessage } from "./mail-transport.ts";

/** The statement of `month` ('YYYY-MM') as one e-mail to the firm, with a stable Message-ID per month. */
export function statementMessage(month: string, rows: StatementRow[], settings: { mailFrom: string; mailTo: string[] }): OutgoingMessage {
  const all = totals(rows);
  const paragraphs = [
    `Opgørelse over forespørgsler fra hjemmesiden og partnerne i ${danishMonth(month)} (dansk tid).`,
    [
      `Forespørgsler i alt: ${all.leads}`,
      `Ikke nået frem som e-mail: ${all.undelivered}${all.undelivered ? " (se dem med: npm run leads -- --undelivered)" : ""}`,
      `Holdt tilbage: ${all.held}`,
      `Vundet: ${all.won}, tabt: ${all.lost}`,
    ].join("\n"),
    `Pr. partner:\n\n${partnerTable(rows)}`,
    `Pr. side:\n\n${pageTable(rows)}`,
    WHAT_COUNTS,
    `Hele listen for måneden: npm run leads -- --month ${month}\nSom fil til bogholderiet: npm run leads -- --month ${month} --by-partner --csv`,
  ];
  return {
    from: settings.mailFrom,
    to: settings.mailTo,
    replyTo: { name: "", address: settings.mailTo[0] },
    subject: `Månedens forespørgsler: ${danishMonth(month)}`,
    text: paragraphs.join("\n\n"),
    // Tables keep their columns in a fixed-width font.
    html: paragraphs
      .map((paragraph) => `<pre style="font-family:monospace;white-space:pre-wrap">${escapeHtml(paragraph)}</pre>`)
      .join("\n"),
    // One Message-ID per month: should it ever go out twice, mail clients (and the mail API's idempotency) see one.
    messageId: `<statement-${month}@quote-requests>`,
    headers: { "X-Lead-Statement": month },
  };
}
