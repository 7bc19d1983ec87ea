// The local database (dev/local/database.js) under two connections at once, as the function's pool,
// its background e-mail and an operator's psql use it: each connection's extended-protocol queries
// (Parse, Bind, Execute, Sync) stay whole, so no connection's statement is bound with another's
// parameters, and nothing stalls.
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
});
