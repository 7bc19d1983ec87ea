// The public API roles of Supabase (anon, authenticated; dev/local/supabase-roles.sql makes them, with
// Supabase's default grants) may execute no function of schema public: the product calls none through
// PostgREST, and every one there would otherwise be an RPC anyone with the anon key can call. The one
// exception is the inbox's entry points, for `authenticated` alone: each checks the caller's token
// itself (tests/backend/inbox-rules.test.js). That holds for the functions of the migrations and for
// one added later. A SECURITY DEFINER function runs
// with its owner's rights, so the schemas it looks names up in end with pg_temp: otherwise a caller's
// temporary table or function of the same name, searched first, would run in its place.
import { describe, expect, it } from "vitest";
import { withPostgres15 } from "../support/databases.js";

const db = withPostgres15();

/** The functions of schema public that `role` may execute, as 'name(arguments)'. */
const executableBy = async (/** @type {string} */ role) =>
  (
    await db.sql`select p.oid::regprocedure::text as signature from pg_proc p
      where p.pronamespace = 'public'::regnamespace and has_function_privilege(${role}, p.oid, 'execute') order by 1`
  ).map((row) => row.signature);

describe("the functions of schema public on PostgreSQL 15", () => {
  it("are there to be checked", async () => {
    expect((await db.sql`select count(*)::int as count from pg_proc where pronamespace = 'public'::regnamespace`)[0].count).toBeGreaterThan(
      5,
    );
  });

  it("none is executable by anon, and by authenticated only the inbox's entry points", async () => {
    expect(await executableBy("anon")).toEqual([]);
    const authenticated = await executableBy("authenticated");
    expect(authenticated.length).toBeGreaterThan(0);
    for (const signature of authenticated) expect(signature).toMatch(/^inbox_/);
  });

  it("a function added after the migrations is not executable by anon or authenticated either", async () => {
    await db.sql`create function public.added_later() returns integer language sql as 'select 1'`;
    for (const role of ["anon", "authenticated"])
      expect((await db.sql`select has_function_privilege(${role}, 'public.added_later()', 'execute') as allowed`)[0].allowed, role).toBe(
        false,
      );
  });
});

describe("the SECURITY DEFINER functions of schema public on PostgreSQL 15", () => {
  it("each look up names in pg_temp last", async () => {
    const functions = await db.sql`select p.oid::regprocedure::text as signature, p.proconfig as config from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prosecdef order by 1`;
    expect(functions.length).toBeGreaterThan(0);
    for (const { signature, config } of functions) {
      const searchPath = (config ?? []).find((/** @type {string} */ setting) => setting.startsWith("search_path="));
      expect(searchPath?.slice("search_path=".length).split(/,\s*/).at(-1), `${signature}: ${searchPath}`).toBe("pg_temp");
    }
  });
});
