// On the first run of the scheduled retry after a month ends, the firm gets last month's statement by
// e-mail (leads in total, per partner, per page, undelivered), exactly once: the database records the
// month as sent, and two retry runs at the same moment (two function instances) send it once between them.
import { runFunction } from "../../dev/local/functions.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRON_SECRET, functionEnv, MAIL_TO } from "../support/function.js";
import { insertLead, LEAD_DATABASES, useLeadDatabase } from "../support/leads.js";
import { startMailbox } from "../support/mailbox.js";

describe.each(LEAD_DATABASES)("the monthly statement e-mail on %s", (_name, startDatabase) => {
  const db = useLeadDatabase(startDatabase);
  /** @type {Awaited<ReturnType<typeof startMailbox>>} */
  let mailbox;
  /** @type {Awaited<ReturnType<typeof runFunction>>[]} */
  let instances = [];
  const retry = (/** @type {number} */ port) =>
    fetch(`http://127.0.0.1:${port}/retry-quote-emails`, { method: "POST", headers: { Authorization: `Bearer ${CRON_SECRET}` } });
  beforeAll(async () => {
    mailbox = await startMailbox();
    const env = functionEnv(db.database, mailbox.url);
    instances = [await runFunction("retry-quote-emails", env), await runFunction("retry-quote-emails", env)];
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await mailbox?.stop();
  });

  it("sends nothing for the month before statements existed", async () => {
    expect((await retry(instances[0].port)).status).toBe(200);
    expect(await mailbox.all()).toEqual([]);
  });

  it("sends last month's statement once, read in the firm's mailbox, even when two retry runs overlap", async () => {
    // Last month as the database's clock and Copenhagen's calendar see it, as if the statements had
    // existed then; a lead on its 2nd and one on its 20th, through a partner and the firm's own site.
    await db.sql`delete from lead_statement_mails`;
    const [{ month, start }] = await db.sql`select to_char(public.copenhagen_month(now()) - interval '1 month', 'YYYY-MM') as month,
      (public.copenhagen_month(now()) - interval '1 month')::timestamp at time zone 'Europe/Copenhagen' as start`;
    const day = (/** @type {number} */ days) => new Date(start.getTime() + days * 86_400_000).toISOString();
    await db.sql`insert into partners (id, name, origin) values ('boligportalen', 'Boligportalen', 'https://boligportalen.example')`;
    await insertLead(db.sql, day(1), { partner_id: "boligportalen", source_url: "https://boligportalen.example/el" });
    await insertLead(db.sql, day(19), { partner_id: "boligportalen", source_url: "https://boligportalen.example/el" });
    await insertLead(db.sql, day(5), { source_url: "https://www.example.dk/kontakt", notification_status: "failed" });

    const answers = await Promise.all([0, 1, 0, 1].map((index) => retry(instances[index].port)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const mails = await mailbox.all();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.recipients).toEqual([MAIL_TO]);
    const months = ["januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september", "oktober", "november", "december"];
    const monthName = `${months[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
    expect(mail.parsed.subject).toBe(`Månedens forespørgsler: ${monthName}`);
    const text = mail.parsed.text ?? "";
    expect(text).toContain(`i ${monthName} (dansk tid)`);
    expect(text).toContain("Forespørgsler i alt: 3\n");
    expect(text).toContain("Ikke nået frem som e-mail: 1 (se dem med: npm run leads -- --undelivered)");
    expect(text).toMatch(/Boligportalen +2 +2\.\d+\.\d{4} +20\.\d+\.\d{4} +0/);
    expect(text).toMatch(/Egen hjemmeside +1 /);
    expect(text).toMatch(/https:\/\/boligportalen\.example\/el +2/);
    expect(text).toMatch(/https:\/\/www\.example\.dk\/kontakt +1/);
    expect(await db.sql`select to_char(month, 'YYYY-MM') as month, sent_at is not null as sent from lead_statement_mails`).toEqual([
      { month, sent: true },
    ]);

    // Later runs that month find it sent.
    expect((await retry(instances[1].port)).status).toBe(200);
    expect(await mailbox.all()).toHaveLength(1);
  });
});
