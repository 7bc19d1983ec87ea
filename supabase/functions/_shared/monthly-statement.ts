// Sends the statements of leads of past months to the firm, each exactly once, from the scheduled retry:
// a run claims the oldest month not yet sent in lead_statement_mails (claim_statement_month(); a
// concurrent run finds it claimed and sends nothing), sends, records it sent, and goes on with the next,
// so a month whose first days saw no run is sent late rather than never. A failed send gives the claim
// back for the next run and stops this one, so the months still go out oldest first. The baseline
// migration holds the tables, the claim and the counting.
import type { Logger } from "./log.ts";
import type { StatementRow } from "./lead-statement.js";
import type { MailTransport } from "./mail-transport.ts";
import { statementMessage } from "./statement-mail.ts";
import type { Sql } from "./store.ts";

/** How long a claimed month stays reserved for its sender (well over one e-mail's send). */
const CLAIM_SECONDS = 300;

/** A function that sends every month's statement that is due, oldest first; answers the months sent. */
export function createStatementSender(sql: Sql, transport: MailTransport, settings: { mailFrom: string; mailTo: string[] }, log: Logger) {
  const monthDate = (month: string) => `${month}-01`;
  /** Claims the oldest due month; null when none is due or another run holds it. */
  const claim = async () => {
    const [claimed] = await sql<{ month: string | null }[]>`
      select to_char(public.claim_statement_month(${CLAIM_SECONDS}), 'YYYY-MM') as month`;
    return claimed?.month ?? null;
  };
  /** Sends the oldest due month's statement; the month sent, or null (none due, or the send failed). */
  const sendOldest = async (): Promise<string | null> => {
    let month: string | null = null;
    try {
      month = await claim();
      if (!month) return null;
      const rows = await sql<StatementRow[]>`select * from public.lead_statement(${monthDate(month)}::date)`;
      await transport.send(statementMessage(month, rows, settings));
      await sql`update lead_statement_mails set sent_at = now(), claimed_until = null where month = ${monthDate(month)}::date`;
      log({ event: "statement_sent", month });
      return month;
    } catch (error) {
      // Given back for the next run (a claim left behind expires anyway).
      if (month)
        await sql`update lead_statement_mails set claimed_until = null where month = ${monthDate(month)}::date and sent_at is null`.catch(
          () => {},
        );
      log({
        event: "statement_failed",
        level: "error",
        month,
        errorName: (error as Error)?.name,
        code: (error as { code?: unknown })?.code,
      });
      return null;
    }
  };
  return async function sendDueStatements(): Promise<string[]> {
    const sent: string[] = [];
    for (let month = await sendOldest(); month; month = await sendOldest()) sent.push(month);
    return sent;
  };
}
