// The functions as `supabase functions deploy` sees them: supabase/ copied alone into an empty folder,
// each function type-checked and started from its own folder, with Deno fetching what its deno.json
// and deno.lock name. A function that only resolves through the repository's node_modules (a shared
// deno.json with "nodeModulesDir": "manual") fails here before it fails on the platform.
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFunction } from "../../dev/local/functions.js";
import { startPostgres15 } from "../support/databases.js";
import { checkFunction, copySupabaseAlone, functionNames } from "../support/deploy-shape.js";
import { functionEnv, MAIL_TO, SITE_URL } from "../support/function.js";
import { startMailbox } from "../support/mailbox.js";
import { waitForRow } from "../support/rows.js";

describe("the functions deployed from supabase/ alone", () => {
  let copy;
  beforeAll(() => {
    copy = copySupabaseAlone();
  });
  afterAll(() => copy?.remove());

  it("type-checks every function from its own folder, with nothing but its own deno.json and deno.lock", async () => {
    const names = functionNames(copy.functionsDir);
    expect(names).toEqual(expect.arrayContaining(["send-contact-email", "retry-quote-emails", "inbox"]));
    for (const name of names) {
      const { ok, output } = await checkFunction(join(copy.functionsDir, name));
      expect(ok, `deno check in functions/${name}/:\n${output}`).toBe(true);
    }
  });

  it("stores and mails a request with send-contact-email started from the copy, on PostgreSQL 15", async () => {
    const database = await startPostgres15();
    const mailbox = await startMailbox();
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    const fn = await runFunction("send-contact-email", functionEnv(database, mailbox.url), { functionsDir: copy.functionsDir });
    try {
      const answer = await fetch(`http://127.0.0.1:${fn.port}/send-contact-email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: new URL(SITE_URL).origin },
        body: JSON.stringify({
          name: "Jens Hansen",
          phone: "+45 12 34 56 78",
          email: "jens.hansen@example.dk",
          location: "Køge",
          message: "Vi skal have skiftet eltavlen i vores villa fra 1972.",
          elapsedMs: 60_000,
        }),
      });
      expect(answer.status).toBe(200);
      const row = await waitForRow(sql, (rows) => rows.find((r) => r.mail === "sent"));
      expect(row.email).toBe("jens.hansen@example.dk");
      // The firm's e-mail (the customer's receipt follows it, and may or may not be in yet).
      const messages = (await mailbox.all()).filter((mail) => mail.parsed.to?.[0].address === MAIL_TO);
      expect(messages).toHaveLength(1);
      expect(messages[0].parsed.subject).toContain("Køge");
    } finally {
      await fn.stop();
      await sql.end({ timeout: 1 });
      await mailbox.stop();
      await database.stop();
    }
  });
});
