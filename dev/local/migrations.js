// Applies supabase/migrations/*.sql in order, once each, recording them where the Supabase CLI does
// (supabase_migrations.schema_migrations), after the Supabase roles bootstrap.
import { readFile, readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { saveSiteFactsSql } from "./site-facts-sql.js";

const MIGRATIONS = fileURLToPath(new URL("../../supabase/migrations/", import.meta.url));
const ROLES = fileURLToPath(new URL("./supabase-roles.sql", import.meta.url));

/**
 * Brings a database up to date, with the site's facts. `exec(sql)` runs a script of several statements; `query(sql, params)`
 * returns rows. Returns the versions applied now.
 * @param {{ exec: (script: string) => Promise<unknown>,
 *   query: (text: string, params?: (string | string[])[]) => Promise<Record<string, unknown>[]> }} database
 */
export async function migrate({ exec, query }) {
  await exec(await readFile(ROLES, "utf8"));
  await exec(`create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text primary key, name text, statements text[]);`);
  const done = new Set((await query("select version from supabase_migrations.schema_migrations")).map((row) => row.version));
  const files = (await readdir(MIGRATIONS)).filter((name) => name.endsWith(".sql")).sort();
  // A local database made by migrations that were since folded into the baseline (docs/development.md, "Schema changes")
  // would fail on the baseline's first table: say what to do instead.
  const gone = [...done].filter((version) => !files.some((file) => file.startsWith(`${version}_`)));
  if (gone.length)
    throw new Error(
      `This database holds migrations that supabase/migrations/ no longer has (${gone.sort().join(", ")}): ` +
        "they were folded into the baseline. Delete the local data folder (supabase/.local/db) and start again.",
    );
  const applied = [];
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, "").split("_");
    if (done.has(version)) continue;
    const sql = await readFile(MIGRATIONS + file, "utf8");
    await exec(`begin;\n${sql}\n;commit;`);
    await query("insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)", [
      version,
      rest.join("_"),
      [sql],
    ]);
    applied.push(version);
  }
  // The site's facts, as the functions save them from /site-facts.json: the retention the privacy page
  // promises, the receipt's facts and whether it is sent (site-facts-sql.js).
  await exec(saveSiteFactsSql());
  return applied;
}
