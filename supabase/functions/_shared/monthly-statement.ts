// Sends last month's statement of leads to the firm, exactly once per month, from the scheduled retry:
// the first run after a month ends claims the month in lead_statement_mails (a concurrent run finds it
// claimed and sends nothing), sends, and records it sent; a failed send gives the claim back for the
// next run. The baseline migration holds the table and the counting.
import type { Logger } from "./log.ts";
import type { StatementRow } from "./lead-statement.js";
import type { MailTransport } from "./mail-transport.ts";
import { statementMessage } from "./statement-mail.ts";
import type { Sql } from "./store.ts";

/** How long a claimed month stays reserved for its sender (well over one e-mail's send). */
const CLAIM_SECONDS = 300;

/** A function that sends last month's statement if it is due; answers the month sent, or null. */
export function createStatementSender(sql: Sql, transport: MailTransport, settings: { mailFrom: string; mailTo: string[] }, log: Logger) {
  const monthDate = (month: string) => `${month}-01`;
  /** Claims the due month; null when it was sent, is not needed, or another run holds it. */
  const claim = async () => {
    const [claimed] = await sql<{ month: string }[]>`
      insert into lead_statement_mails as m (month, claimed_until)
      values ((public.copenhagen_month(now()) - interval '1 month')::date, now() + make_interval(secs => ${CLAIM_SECONDS}))
      on conflict (month) do update set claimed_until = excluded.claimed_until
        where m.needed and m.sent_at is null and (m.claimed_until is null or m.claimed_until < now())
      returning to_char(m.month, 'YYYY-MM') as month`;
    return claimed?.month ?? null;
  };
  return async function sendDueStatement(): Promise<string | null> {
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
}
