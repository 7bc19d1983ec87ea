// The monthly statement per partner (`npm run leads -- --by-partner`): months are Copenhagen months,
// a lead is one stored request (a replay of its idempotency key counts once; deploy checks and held
// requests are not leads), the leads won and lost in the inbox are counted beside them, and a month
// keeps its counts after the retention purge or an erasure has deleted the rows (counts without
// personal data). Once, the obvious SQL counted by UTC months and a
// purge took last year's counts with the rows.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { insertLead, useLeadDatabase } from "../support/leads.js";
import { runOperatorScript } from "../support/operator-script.js";
import { testFolder } from "../support/temp-folder.js";

describe("the statement per partner on PostgreSQL 15", () => {
  const db = useLeadDatabase(async (sql) => {
    await sql`insert into partners (id, name, origin) values ('boligportalen', 'Boligportalen', 'https://boligportalen.example')`;
    const partner = { partner_id: "boligportalen", source_url: "https://boligportalen.example/el?utm=x" };
    // 00:30 on 1 November in Copenhagen (UTC+1) is 23:30 on 31 October in UTC: November.
    const won = await insertLead(sql, "2026-10-31T23:30:00Z", { ...partner, email: "nov1@example.dk" });
    // 23:59 on 30 November in Copenhagen: November; one minute later it is December.
    await insertLead(sql, "2026-11-30T22:59:00Z", { ...partner, email: "nov30@example.dk" });
    await insertLead(sql, "2026-11-30T23:00:00Z", { ...partner, email: "dec1@example.dk" });
    // 23:30 on 31 October in Copenhagen: October.
    await insertLead(sql, "2026-10-31T22:30:00Z", { ...partner, email: "oct31@example.dk" });
    // Summer time (UTC+2): 00:30 on 1 April in Copenhagen is 22:30 on 31 March in UTC.
    await insertLead(sql, "2026-03-31T22:30:00Z", { ...partner, email: "apr1@example.dk" });
    await insertLead(sql, "2026-03-31T21:59:00Z", { ...partner, email: "mar31@example.dk" });
    // The firm's own site, a held request and a deploy check in November.
    const lost = await insertLead(sql, "2026-11-15T10:00:00Z", { email: "own@example.dk" });
    // Moved in the inbox: the partner's first November lead won (after calls), the own site's lost.
    await sql`insert into lead_events (request_id, by_email, state, reason) values (${won}, 'ejer@example.dk', 'ringet_op', null),
      (${won}, 'ejer@example.dk', 'vundet', null), (${lost}, 'ejer@example.dk', 'tabt', 'For dyrt')`;
    await insertLead(sql, "2026-11-15T10:05:00Z", { ...partner, email: "held@example.dk", held: true });
    await insertLead(sql, "2026-11-15T10:10:00Z", { ...partner, email: "check@example.dk", deploy_check: true });
  });
  const leads = (/** @type {string[]} */ ...args) => db.script("leads.js", ...args);
  /** The statement's table lines, partner by partner: [label, leads, first, last, held, won, lost]. */
  const table = async (/** @type {string} */ month) => {
    const { code, stdout } = await leads("--month", month, "--by-partner");
    expect(code).toBe(0);
    return stdout
      .split("\n")
      .slice(3)
      .filter((line) => /\S {2,}\d+ {2}/.test(line))
      .map((line) => line.split(/ {2,}/).map((cell) => cell.trim()));
  };

  it("counts a month in Copenhagen time: 00:30 on 1 November is November, in winter and in summer time", async () => {
    expect(await table("2026-11")).toEqual([
      ["Boligportalen", "2", "1.11.2026", "30.11.2026", "1", "1", "0"],
      ["Egen hjemmeside", "1", "15.11.2026", "15.11.2026", "0", "0", "1"],
      ["I alt", "3", "1.11.2026", "30.11.2026", "1", "1", "1"],
    ]);
    expect((await table("2026-10"))[0]).toEqual(["Boligportalen", "1", "31.10.2026", "31.10.2026", "0", "0", "0"]);
    expect((await table("2026-12"))[0]).toEqual(["Boligportalen", "1", "1.12.2026", "1.12.2026", "0", "0", "0"]);
    expect((await table("2026-04"))[0]).toEqual(["Boligportalen", "1", "1.4.2026", "1.4.2026", "0", "0", "0"]);
    expect((await table("2026-03"))[0]).toEqual(["Boligportalen", "1", "31.3.2026", "31.3.2026", "0", "0", "0"]);
    const { stdout } = await leads("--month", "2026-11", "--by-partner");
    expect(stdout).toMatch(
      /^Forespørgsler pr\. partner i november 2026 \(dansk tid\): 3 i alt\.\n\nPartner +Forespørgsler +Første +Seneste +Holdt tilbage +Vundet +Tabt\n/,
    );
    expect(stdout).toContain("den samme sendt igen tæller én gang");
  });

  it("keeps a month's counts when an erasure deletes its requests, and writes them as CSV that Excel reads", async () => {
    const before = await table("2026-11");
    const erased = await db.script("forget-requester.js", "nov1@example.dk", "--delete");
    expect(erased.code).toBe(0);
    await db.script("forget-requester.js", "held@example.dk", "--delete");
    await db.sql`delete from quote_requests where email = 'check@example.dk'`;
    expect(await db.sql`select email from quote_requests where email in ('nov1@example.dk', 'held@example.dk')`).toEqual([]);
    expect(await table("2026-11")).toEqual(before);
    // What is kept holds no personal data: counts, days, partner and page (without its query).
    const kept = await db.sql`select * from lead_statement_counts where month = '2026-11-01'`;
    expect(Object.keys(kept[0]).sort()).toEqual([
      "first_day",
      "held",
      "last_day",
      "leads",
      "lost",
      "month",
      "page",
      "partner_id",
      "undelivered",
      "won",
    ]);
    expect(kept.map(({ page, won, lost }) => ({ page, won, lost }))).toEqual([
      { page: "https://boligportalen.example/el", won: 1, lost: 0 },
    ]);

    const folder = testFolder("statement-csv-");
    const written = await runOperatorScript("leads.js", ["--month", "2026-11", "--by-partner", "--csv"], {
      databaseUrl: db.database.url,
      env: { INIT_CWD: folder },
    });
    expect(written.code).toBe(0);
    /** @type {Record<string, string>[]} */
    const rows = parse(await readFile(join(folder, "opgoerelse-2026-11.csv")), { bom: true, delimiter: ";", columns: true });
    expect(rows).toEqual([
      {
        Måned: "2026-11",
        "Partner-id": "boligportalen",
        Partner: "Boligportalen",
        Forespørgsler: "2",
        Første: "2026-11-01",
        Seneste: "2026-11-30",
        "Holdt tilbage": "1",
        "Ikke leveret": "0",
        Vundet: "1",
        Tabt: "0",
      },
      {
        Måned: "2026-11",
        "Partner-id": "",
        Partner: "Egen hjemmeside",
        Forespørgsler: "1",
        Første: "2026-11-15",
        Seneste: "2026-11-15",
        "Holdt tilbage": "0",
        "Ikke leveret": "0",
        Vundet: "0",
        Tabt: "1",
      },
      {
        Måned: "2026-11",
        "Partner-id": "",
        Partner: "I alt",
        Forespørgsler: "3",
        Første: "2026-11-01",
        Seneste: "2026-11-30",
        "Holdt tilbage": "1",
        "Ikke leveret": "0",
        Vundet: "1",
        Tabt: "1",
      },
    ]);
  });

  it("keeps a month's counts when the retention purge deletes the whole month", async () => {
    await insertLead(db.sql, new Date(Date.now() - 400 * 86_400_000).toISOString(), {
      partner_id: "boligportalen",
      email: "old@example.dk",
    });
    const [{ month }] = await db.sql`select to_char(public.copenhagen_month(now() - interval '400 days'), 'YYYY-MM') as month`;
    const before = await table(month);
    expect(before[0]).toEqual(expect.arrayContaining(["Boligportalen", "1"]));
    const [{ deleted_requests }] = await db.sql`select * from public.purge_expired_quote_data()`;
    expect(deleted_requests).toBeGreaterThanOrEqual(1);
    expect(await db.sql`select id from quote_requests where email = 'old@example.dk'`).toEqual([]);
    expect(await table(month)).toEqual(before);
  });
  it("counts a request replayed with its idempotency key once", async () => {
    const submit = () => db.sql`select kind from public.submit_quote_request('Jens Hansen', '12345678', 'replay@example.dk', 'Køge',
      'Ny eltavle i villa fra 1972', null, 'boligportalen', 'replay-key-0123456789', repeat('a', 64), 'replay-client', null,
      100, 100, 100, 60, null)`;
    const [{ month }] = await db.sql`select to_char(public.copenhagen_month(now()), 'YYYY-MM') as month`;
    const count = async () => Number((await table(month)).find((line) => line[0] === "Boligportalen")?.[1] ?? 0);
    const before = await count();
    expect((await submit())[0].kind).toBe("created");
    expect((await submit())[0].kind).toBe("replayed");
    const [{ stored }] = await db.sql`select count(*)::int as stored from quote_requests where idempotency_key = 'replay-key-0123456789'`;
    expect(stored).toBe(1);
    expect(await count()).toBe(before + 1);
  });
});
