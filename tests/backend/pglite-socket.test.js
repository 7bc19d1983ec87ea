// The local database (dev/local/database.js) under two connections at once, as the function's pool,
// its background e-mail and an operator's psql use it: each connection's extended-protocol queries
// (Parse, Bind, Execute, Sync) stay whole, so no connection's statement is bound with another's
// parameters, and nothing stalls; and the bookings' exclusion constraint holds there as on Postgres
// (supabase/migrations/20261129000000_bookings.sql): two overlapping visits, one stored.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDatabase } from "../../dev/local/database.js";

let database;
beforeAll(async () => {
  database = await startDatabase({ port: 0 });
});
afterAll(() => database?.stop());

describe("the local PGlite socket server", () => {
  it("answers two connections' interleaved parameterised queries, each with its own parameters", async () => {
    const clients = [0, 1].map(() => postgres(database.url, { max: 1, prepare: false, onnotice: () => {} }));
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, index) => {
          const sql = clients[index % 2];
          // Different statements with different parameter counts, so a mix-up cannot go unnoticed.
          return index % 2
            ? sql`select ${index}::int as n, ${"x"}::text as tag`.then(([row]) => [row.n, row.tag])
            : sql`select ${index}::int as n`.then(([row]) => [row.n, null]);
        }),
      );
      expect(answers).toEqual(Array.from({ length: 200 }, (_, index) => [index, index % 2 ? "x" : null]));
    } finally {
      await Promise.all(clients.map((sql) => sql.end({ timeout: 1 })));
    }
  }, 30_000);

  it("stores one of two overlapping visits booked on two connections at once, the drive on either side included", async () => {
    const clients = [0, 1].map(() => postgres(database.url, { max: 1, prepare: false, onnotice: () => {} }));
    // Two visitors, each their own client, phone and mailbox: neither is held back by the per-visitor rules.
    const book = (/** @type {import("postgres").Sql} */ sql, /** @type {number} */ who, /** @type {string} */ start) =>
      sql`select kind from public.submit_booking('Jens Hansen', ${`2${who}445566`}, ${`v${who}@example.dk`}, 'Køge',
        'Ny eltavle i villa fra 1972', null, null, null, ${"0".repeat(64)}, ${`client-${who}`}, null, 10, 10, 10, 60, null,
        p_starts_at => ${start}::timestamptz, p_ends_at => ${start}::timestamptz + interval '1 hour', p_buffer_minutes => 30,
        p_per_day => 10)`.then(([row]) => row.kind);
    try {
      // The same time, at once.
      expect(
        (await Promise.all([book(clients[0], 1, "2030-01-14T09:00:00Z"), book(clients[1], 2, "2030-01-14T09:00:00Z")])).sort(),
      ).toEqual(["created", "slotTaken"]);
      // Times 75 minutes apart, whose drives (30 minutes on either side) overlap: refused too; 2 hours apart is free.
      expect(await book(clients[0], 3, "2030-01-14T10:15:00Z")).toBe("slotTaken");
      expect(await book(clients[1], 4, "2030-01-14T11:00:00Z")).toBe("created");
      const visits = await clients[0]`select starts_at from public.bookings where starts_at::date = '2030-01-14' order by starts_at`;
      expect(visits.map((visit) => visit.starts_at.toISOString())).toEqual(["2030-01-14T09:00:00.000Z", "2030-01-14T11:00:00.000Z"]);
      // A lost race stores nothing: no request without its visit.
      expect(await clients[0]`select count(*)::int as n from public.quote_requests where kind = 'booking'`).toEqual([{ n: 2 }]);
    } finally {
      await Promise.all(clients.map((sql) => sql.end({ timeout: 1 })));
    }
  }, 30_000);
});
