// One form of an e-mail address in the function and in the database: canonical_email() in
// supabase/migrations/ (which brings stored rows to the form, and which erasure looks addresses up by)
// gives what the function stores (quote-checks.ts, canonicalEmail after NFKC), on PGlite and PostgreSQL 15.
import fc from "fast-check";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkQuoteRequest } from "../../supabase/functions/_shared/quote-checks.ts";
import { startPglite, startPostgres15 } from "../support/databases.js";

const VALID = { name: "Jens Hansen", phone: "12345678", email: "", location: "Køge", message: "Ny eltavle i villa fra 1972" };
/** What the function stores for `email`, or null when it refuses it. */
const stored = (email) => {
  const result = checkQuoteRequest({ ...VALID, email });
  return result.ok ? result.data.email : null;
};

const letters = fc.constantFrom(..."abcxyzæøåüéßABCÆØÅｅｘａｍｐｌｅ", ..."пример", "例", "え");
const label = fc.string({ unit: letters, minLength: 1, maxLength: 10 });
const address = fc
  .tuple(fc.stringMatching(/^[a-zA-Z0-9._-]{1,12}$/), label, fc.constantFrom(".", "。", "．"), fc.constantFrom("dk", "DK", "com", "ｄｋ"))
  .map(([local, domain, dot, top]) => `${local}@${domain}${dot}${top}`);

/** @type {[string, () => Promise<import("../support/databases.js").TestDatabase>][]} */
const DATABASES = [
  ["PGlite", startPglite],
  ["PostgreSQL 15", startPostgres15],
];

for (const [name, start] of DATABASES) {
  describe(`canonical_email() on ${name}`, () => {
    let database;
    let sql;
    beforeAll(async () => {
      database = await start();
      sql = postgres(database.url, { max: 1, prepare: false, onnotice: () => {} });
    });
    afterAll(async () => {
      await sql?.end({ timeout: 1 });
      await database?.stop();
    });

    it("gives the function's form of every address the function accepts", async () => {
      const samples = fc.sample(address, 600).filter((email) => stored(email) !== null);
      expect(samples.length).toBeGreaterThan(50);
      const rows = await sql`select input, public.canonical_email(input) as canonical from unnest(${samples}::text[]) as input`;
      for (const { input, canonical } of rows) expect(canonical, input).toBe(stored(input));
      // Capitals beyond ASCII too, whatever the database's locale (lower() alone keeps 'Å' under C).
      const [{ known, capitals }] =
        await sql`select public.canonical_email('Info@Blåbær.DK') as known, public.canonical_email('x@BLÅBÆR.dk') as capitals`;
      expect([known, capitals]).toEqual(["Info@xn--blbr-roah.dk", "x@xn--blbr-roah.dk"]);
      expect(stored("x@BLÅBÆR.dk")).toBe(capitals);
    });

    it("brings every spelling stored before to one address, which erasure by any spelling finds", async () => {
      const spellings = [
        "x@example.dk",
        "x@ｅｘａｍｐｌｅ.dk",
        "x@ex\u00adample.dk",
        "x@exa\u034fmple.dk",
        "x@exa\ufe0fmple.dk",
        "x@example。dk",
      ];
      const [{ canonical }] =
        await sql`select array_agg(distinct public.canonical_email(s)) as canonical from unnest(${spellings}::text[]) as s`;
      expect(canonical).toEqual(["x@example.dk"]);
      await sql`insert into quote_requests (name, phone, email, location, message, client_ip_hash)
        select 'Jens Hansen', '12345678', s, 'Køge', 'Ny eltavle i villa fra 1972', 'hash' from unnest(${spellings}::text[]) as s`;
      expect((await sql`select public.forget_quote_requester('X@ＥＸＡＭＰＬＥ.dk') as deleted`)[0].deleted).toBe(spellings.length);
    });
  });
}
