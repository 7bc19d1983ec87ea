// The operator scripts never guess a database: without --local or SUPABASE_DB_URL they refuse, and
// when they run they say which database they read (never its password). A script that quietly read
// the local stack once let the firm believe a production list was empty.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeDatabase, LOCAL_DATABASE_URL, operatorDatabaseUrl } from "../../operator/database-client.js";
import { startPostgres15 } from "../support/databases.js";
import { runOperatorScript } from "../support/operator-script.js";

/** @type {[string, string[]][]} */
const SCRIPTS = [
  ["leads.js", ["--undelivered"]],
  ["forget-requester.js", ["jens@example.dk"]],
  ["partners.js", ["list"]],
];

describe("the operator scripts' database", () => {
  it("is the local stack only with --local, else SUPABASE_DB_URL, else none (never a guess)", () => {
    const deployed = "postgres://postgres.ref:secret@aws-0-eu-central-1.pooler.supabase.com:5432/postgres?sslmode=require";
    expect(operatorDatabaseUrl({ local: true }, { SUPABASE_DB_URL: deployed })).toBe(LOCAL_DATABASE_URL);
    expect(operatorDatabaseUrl({ local: false }, { SUPABASE_DB_URL: deployed })).toBe(deployed);
    expect(operatorDatabaseUrl({ local: false }, {})).toBeNull();
    expect(operatorDatabaseUrl({ local: false }, { SUPABASE_DB_URL: "" })).toBeNull();
    expect(describeDatabase(deployed)).toBe("postgres.ref@aws-0-eu-central-1.pooler.supabase.com:5432/postgres");
    expect(describeDatabase(LOCAL_DATABASE_URL)).toBe("postgres@127.0.0.1:54322/postgres");
  });

  let database;
  beforeAll(async () => {
    database = await startPostgres15();
  });
  afterAll(async () => {
    await database?.stop();
  });

  it.each(SCRIPTS)("%s without --local and without SUPABASE_DB_URL refuses in Danish and reads nothing", async (script, args) => {
    const { code, stdout, stderr } = await runOperatorScript(script, args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("--local");
    expect(stderr).toContain("SUPABASE_DB_URL");
    expect(stderr).toContain("Intet er læst eller ændret");
  });

  it.each(SCRIPTS)("%s says on stderr which database it reads, without the password", async (script, args) => {
    const url = new URL(database.url);
    url.password = "s3cret-pass";
    const { code, stderr } = await runOperatorScript(script, args, { databaseUrl: url.href });
    expect(code).toBe(0);
    expect(stderr).toContain(`Database: postgres@127.0.0.1:${url.port}/postgres (SUPABASE_DB_URL)`);
    expect(stderr).not.toContain("s3cret-pass");
  });
});
