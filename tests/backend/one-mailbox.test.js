// One mailbox is one address for every cap and every lookup: x+1@example.dk … x+5@example.dk (a tag
// after the first '+') and X@example.dk are all the mailbox x@example.dk. Without that, five tagged
// addresses took five receipts for one mailbox within seconds, and slipped under the per-address
// request caps. The row keeps the address as typed: the reply and the receipt go there.
import { describe, expect, it } from "vitest";
import { storedFor } from "../../operator/gdpr/stored-fields.js";
import { withPostgres15 } from "../support/databases.js";

const db = withPostgres15(
  (sql) => sql`insert into receipt_settings (id, send, facts) values (true, true, '{}') on conflict (id) do update set send = true`,
);

/** Submits a request from `client` for `email` (caps: 3 per client, `perEmail` per address from it, `total` from all). */
const submit = async (/** @type {string} */ client, /** @type {string} */ email, { perEmail = 100, total = 100 } = {}) =>
  (
    await db.sql`select kind from public.submit_quote_request('Jens Hansen', '12345678', ${email}, 'Køge', 'Ny eltavle i villa fra 1972',
      null, null, null, null, ${client}, null, 100, ${perEmail}, ${total}, 60, null)`
  )[0].kind;

describe("one mailbox on PostgreSQL 15", () => {
  it("counts tagged spellings of an address as one for the cap per address from one client", async () => {
    const kinds = [];
    for (const email of ["ida@example.dk", "ida+1@example.dk", "IDA+to@example.dk"])
      kinds.push(await submit("client-a", email, { perEmail: 2 }));
    expect(kinds).toEqual(["created", "created", "limited"]);
  });

  it("counts tagged spellings as one for the cap per address from all clients (held, not mailed)", async () => {
    const kinds = [];
    for (const [client, email] of [
      ["client-b", "ole@example.dk"],
      ["client-c", "ole+tilbud@example.dk"],
      ["client-d", "Ole+x@example.dk"],
    ])
      kinds.push(await submit(client, email, { total: 2 }));
    expect(kinds).toEqual(["created", "created", "held"]);
  });

  it("gives one mailbox at most its receipts a day, to the address as typed", async () => {
    const addresses = [1, 2, 3, 4, 5].map((n) => `kim+${n}@example.dk`);
    await db.sql`insert into quote_requests (name, phone, email, location, message, client_ip_hash)
      select 'Kim Holm', '12345678', a, 'Køge', 'Ny eltavle i villa fra 1972', 'hash' from unnest(${addresses}::text[]) as a`;
    // The firm's e-mails are out: the receipts are due.
    await db.sql`update deliveries set state = 'sent', sent_at = now()
      where channel = 'mail' and request_id in (select id from quote_requests where email like 'kim+%')`;
    const receipts = { receipt: { leaseSeconds: 60, after: "mail", cap: 3 } };
    const claimed = await db.sql`select request ->> 'email' as address from public.claim_deliveries(${db.sql.json(receipts)}, null, 10)`;
    expect(claimed.map((row) => row.address)).toEqual(addresses.slice(0, 3));
    const skipped = await db.sql`select q.email from quote_requests q join deliveries d on d.request_id = q.id and d.channel = 'receipt'
      where q.email like 'kim+%' and d.state = 'skipped' order by q.email`;
    expect(skipped.map((row) => row.email)).toEqual(addresses.slice(3));
  });

  it("finds and erases every tagged spelling when asked for the address", async () => {
    const spellings = ["eva@example.dk", "eva+tilbud@example.dk", "Eva+x@example.dk"];
    await db.sql`insert into quote_requests (name, phone, email, location, message, client_ip_hash)
      select 'Eva Holm', '12345678', e, 'Køge', 'Ny eltavle i villa fra 1972', 'hash' from unnest(${spellings}::text[]) as e`;
    expect((await storedFor(db.sql, { email: "EVA@example.dk" })).map((row) => row.email).sort()).toEqual([...spellings].sort());
    expect((await db.sql`select public.forget_quote_requester('eva@example.dk') as deleted`)[0].deleted).toBe(3);
    expect(await db.sql`select 1 from quote_requests where email ilike 'eva%'`).toHaveLength(0);
  });

  it("keeps a '+' that is no tag: one in the domain, or first in the local part", async () => {
    const [row] = await db.sql`select public.mailbox('a@b+c.example') as domain, public.mailbox('+tag@example.dk') as first`;
    expect(row).toEqual({ domain: "a@b+c.example", first: "+tag@example.dk" });
  });
});
