// On the first run of the scheduled retry after a month ends, the firm gets last month's statement by
// e-mail (leads in total, per partner, per page, undelivered), exactly once: the month's delivery in the
// outbox is recorded sent, and two retry runs at the same moment (two function instances) send it once
// between them. A month whose statement no run sent (the retry did not run in the month after it) is
// sent by the next run, oldest first. Statements begin with the month the database was set up: the
// migration queues that month's.
import { runFunction } from "../../dev/local/functions.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CRON_SECRET, functionEnv, MAIL_TO } from "../support/function.js";
import { insertLead, useLeadDatabase } from "../support/leads.js";
import { startMailbox } from "../support/mailbox.js";

describe("the monthly statement e-mail on PostgreSQL 15", () => {
  const db = useLeadDatabase();
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

  /** Makes the statements begin `monthsAgo` months before this one: that month's is queued, as the migration queues the first. */
  const statementsBegan = async (/** @type {number} */ monthsAgo) => {
    await db.sql`delete from deliveries where channel = 'statement'`;
    await db.sql`insert into deliveries (channel, period, next_attempt_at)
      select 'statement', month, (month + interval '1 month')::timestamp at time zone 'Europe/Copenhagen'
      from (select (public.copenhagen_month(now()) - make_interval(months => ${monthsAgo}))::date as month) as first`;
  };
  /** 'YYYY-MM' of the month `monthsAgo` months before this one, by the database's clock in Copenhagen. */
  const monthAgo = async (/** @type {number} */ monthsAgo) =>
    (await db.sql`select to_char(public.copenhagen_month(now()) - make_interval(months => ${monthsAgo}), 'YYYY-MM') as month`)[0].month;

  it("sends nothing for the month before statements existed", async () => {
    expect((await retry(instances[0].port)).status).toBe(200);
    expect(await mailbox.all()).toEqual([]);
  });

  it("sends last month's statement once, read in the firm's mailbox, even when two retry runs overlap", async () => {
    // Last month as the database's clock and Copenhagen's calendar see it, as if the statements had
    // begun then; a lead on its 2nd and one on its 20th, through a partner and the firm's own site.
    await statementsBegan(1);
    const [{ month, start }] = await db.sql`select to_char(public.copenhagen_month(now()) - interval '1 month', 'YYYY-MM') as month,
      (public.copenhagen_month(now()) - interval '1 month')::timestamp at time zone 'Europe/Copenhagen' as start`;
    const day = (/** @type {number} */ days) => new Date(start.getTime() + days * 86_400_000).toISOString();
    await db.sql`insert into partners (id, name, origin) values ('boligportalen', 'Boligportalen', 'https://boligportalen.example')`;
    const won = await insertLead(db.sql, day(1), { partner_id: "boligportalen", source_url: "https://boligportalen.example/el" });
    await insertLead(db.sql, day(19), { partner_id: "boligportalen", source_url: "https://boligportalen.example/el" });
    // Won in the inbox: the statement says how the month's leads ended, as the inbox does.
    await db.sql`insert into lead_events (request_id, by_email, state) values (${won}, 'ejer@example.dk', 'vundet')`;
    await insertLead(db.sql, day(5), { source_url: "https://www.example.dk/kontakt", mail: "failed" });

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
    expect(text).toContain("Vundet: 1, tabt: 0\n");
    expect(text).toMatch(/Partner +Forespørgsler +Første +Seneste +Holdt tilbage +Vundet +Tabt\n/);
    expect(text).toMatch(/Boligportalen +2 +2\.\d+\.\d{4} +20\.\d+\.\d{4} +0 +1 +0\n/);
    expect(text).toMatch(/Egen hjemmeside +1 /);
    expect(text).toMatch(/https:\/\/boligportalen\.example\/el +2/);
    expect(text).toMatch(/https:\/\/www\.example\.dk\/kontakt +1/);
    expect(
      await db.sql`select to_char(period, 'YYYY-MM') as month, state from deliveries where channel = 'statement' and state <> 'due'`,
    ).toEqual([{ month, state: "sent" }]);

    // Later runs that month find it sent.
    expect((await retry(instances[1].port)).status).toBe(200);
    expect(await mailbox.all()).toHaveLength(1);
  });

  it("sends every month no run sent, oldest first, each once, even when two retry runs overlap", async () => {
    // Statements began three months ago; last month's went out, the two before never did.
    await statementsBegan(3);
    await db.sql`insert into deliveries (channel, period, state, sent_at)
      values ('statement', (public.copenhagen_month(now()) - interval '1 month')::date, 'sent', now())`;
    const before = (await mailbox.all()).length;
    const answers = await Promise.all([0, 1, 0, 1].map((index) => retry(instances[index].port)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const sent = (await mailbox.all())
      .slice(before)
      .map((mail) => mail.parsed.headers.find((header) => header.key === "x-lead-statement")?.value);
    expect(sent).toEqual([await monthAgo(3), await monthAgo(2)]);
    expect((await retry(instances[0].port)).status).toBe(200);
    expect((await mailbox.all()).length).toBe(before + 2);
  });
});
