// The stack behind `npm start` (dev/local/stack.js), on free ports and a temporary data folder:
// PGlite with migrations and several connections, the function under Deno behind the gateway path,
// the mail catcher's .eml files and inbox page, and the site.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { LOCAL_AUTH_KEYS } from "../../dev/local/auth-stand-in.js";
import { LOCAL_SECRETS } from "../../dev/local/function-env.js";
import { startLocalStack } from "../../dev/local/stack.js";
import { DIST, requireBuild } from "../support/site.js";
import { VALID } from "./function-suite.js";

let stack;
let dataDir;
let ports;
/** Which part stopped on its own, once the stack has stopped with it. */
let partStopped;
const stoppedPart = new Promise((resolve) => (partStopped = resolve));

beforeAll(async () => {
  requireBuild();
  dataDir = mkdtempSync(join(tmpdir(), "local-stack-"));
  stack = await startLocalStack({
    distDir: DIST,
    dataDir,
    ports: { site: 0, api: 0, db: 0, inbox: 0, smtp: 0 },
    retryEveryMs: 60_000,
    print: () => {},
    onFunctionOutput: () => {},
    onPartStopped: (part) => partStopped(part),
  });
  ports = stack.ports;
});
afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = (body) =>
  fetch(`${stack.apiUrl}/functions/v1/send-contact-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: stack.siteUrl },
    body: JSON.stringify({ elapsedMs: 60_000, ...body }),
  });

describe("the local stack of npm start", () => {
  it("serves the function at /functions/v1/send-contact-email for the site's origin", async () => {
    const response = await send({ ...VALID, location: "Faxe" });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(stack.siteUrl);
    expect((await fetch(`${stack.apiUrl}/functions/v1/no-such-function`)).status).toBe(404);
  });

  it("keeps every e-mail as an .eml file and lists them newest first on the inbox page", async () => {
    await send({ ...VALID, location: "Greve", email: "greve@example.dk" });
    // The function sends the e-mail just after it answers. Every request also brings the customer's
    // receipt, so a count of files says nothing of Greve's: wait for its e-mail on the page.
    const inboxPage = async () => (await fetch(`http://127.0.0.1:${ports.inbox}/`)).text();
    await expect.poll(inboxPage, { timeout: 15_000 }).toContain("Ny forespørgsel: Greve");
    const inbox = await inboxPage();
    expect(inbox.indexOf("Ny forespørgsel: Greve")).toBeLessThan(inbox.indexOf("Ny forespørgsel: Faxe"));
    // Each listed e-mail is an .eml file in the data folder.
    const listed = [...inbox.matchAll(/href="\/m\/([^"]+\.eml)">Ny forespørgsel: (?:Greve|Faxe)</g)].map(([, file]) => file);
    expect(listed).toHaveLength(2);
    const files = readdirSync(join(dataDir, "mail"));
    for (const file of listed) expect(files).toContain(file);
  });

  it("sends the firm's SMS to the stand-in of the SMS provider, shown on the inbox page beside the e-mails, newest first", async () => {
    await send({ ...VALID, location: "Ringsted", email: "ringsted@example.dk" });
    const text = "Ny forespørgsel: Jens Hansen, Ringsted, 12 34 56 78";
    await expect.poll(() => stack.sms.map((sms) => sms.message), { timeout: 15_000 }).toContain(text);
    const inboxPage = async () => (await fetch(`http://127.0.0.1:${ports.inbox}/`)).text();
    await expect.poll(inboxPage, { timeout: 15_000 }).toContain(`<strong>SMS</strong> ${text}`);
    const inbox = await inboxPage();
    // Newer than the e-mails of the earlier requests, and kept as a file like them.
    expect(inbox.indexOf(text)).toBeLessThan(inbox.indexOf("Ny forespørgsel: Greve"));
    expect(readdirSync(join(dataDir, "sms")).length).toBeGreaterThanOrEqual(1);
  });

  it("lets several clients use the database at once, with the migrations applied", async () => {
    const clients = [0, 1, 2].map(() => postgres(stack.databaseUrl, { prepare: false, max: 1, onnotice: () => {} }));
    try {
      const counts = await Promise.all(clients.map((sql) => sql`select count(*)::int as count from quote_requests`));
      for (const [{ count }] of counts) expect(count).toBeGreaterThanOrEqual(2);
      const [{ version }] = await clients[0]`select version from supabase_migrations.schema_migrations order by version limit 1`;
      expect(version).toMatch(/^\d{14}$/);
      expect((await send({ ...VALID, location: "Haslev" })).status).toBe(200);
    } finally {
      await Promise.all(clients.map((sql) => sql.end({ timeout: 1 })));
    }
  });

  it("signs a member of the team in by the code on the inbox page, and pushes each new lead there", async () => {
    const created = await fetch(`${stack.apiUrl}/auth/v1/admin/users`, {
      method: "POST",
      headers: { apikey: LOCAL_AUTH_KEYS.serviceRoleKey, Authorization: `Bearer ${LOCAL_AUTH_KEYS.serviceRoleKey}` },
      body: JSON.stringify({ email: "ejer@example.dk", email_confirm: true }),
    });
    const sql = postgres(stack.databaseUrl, { prepare: false, max: 1, onnotice: () => {} });
    await sql`insert into team_members (user_id, role) values (${(await created.json()).id}, 'ejer')`;
    await sql.end({ timeout: 1 });
    const supabase = createClient(stack.apiUrl, LOCAL_AUTH_KEYS.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: /** @type {any} */ (WebSocket) },
    });
    expect((await supabase.auth.signInWithOtp({ email: "ejer@example.dk", options: { shouldCreateUser: false } })).error).toBeNull();
    const inboxPage = async () => (await fetch(`http://127.0.0.1:${ports.inbox}/`)).text();
    await expect.poll(inboxPage, { timeout: 15_000 }).toMatch(/Din kode til indbakken: \d{6}/);
    const code = /Din kode til indbakken: (\d{6})/.exec(await inboxPage())?.[1] ?? "";
    expect((await supabase.auth.verifyOtp({ email: "ejer@example.dk", token: code, type: "email" })).error).toBeNull();
    const subscription = stack.push.subscribe();
    expect((await supabase.functions.invoke("inbox", { body: { action: "push_subscribe", subscription } })).error).toBeNull();
    // A lead stored (the form's own path is the tests' above, whose client is over its hourly limit by
    // now), then sent by the scheduled retry as the stack's schedule calls it.
    const db = postgres(stack.databaseUrl, { prepare: false, max: 1, onnotice: () => {} });
    await db`insert into quote_requests (name, phone, email, location, message, client_ip_hash)
      values ('Lise Lokal', '87878787', 'lise@example.dk', 'Tølløse', 'Ny eltavle i villa fra 1972', 'hash')`;
    await db.end({ timeout: 1 });
    const retry = await fetch(`${stack.apiUrl}/functions/v1/retry-quote-emails`, {
      method: "POST",
      headers: { Authorization: `Bearer ${LOCAL_SECRETS.CRON_SECRET}` },
    });
    expect(retry.status).toBeLessThan(300);
    await expect.poll(inboxPage, { timeout: 15_000 }).toContain("<strong>Push</strong> Ny henvendelse: Lise Lokal");
    expect(stack.push.refused).toEqual([]);
    const { data } = await supabase.functions.invoke("inbox", { body: { action: "leads", q: "Lise" } });
    expect(data.leads.map((lead) => lead.name)).toEqual(["Lise Lokal"]);
  });

  it("serves the site beside it", async () => {
    const response = await fetch(`${stack.siteUrl}/kontakt`);
    expect(response.status).toBe(200);
  });

  it("stores the request of the function README's curl example (its headers and body, sent to this stack)", async () => {
    const readme = readFileSync(new URL("../../supabase/functions/send-contact-email/README.md", import.meta.url), "utf8");
    const example = /```sh\n(curl -i http:\/\/127\.0\.0\.1:54321\/functions\/v1\/send-contact-email[\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(example).not.toBe("");
    const headers = Object.fromEntries(
      [...example.matchAll(/-H '([^:]+): ([^']+)'/g)].map(([, name, value]) => [
        name,
        value === "http://localhost:8080" ? stack.siteUrl : value,
      ]),
    );
    const body = /-d '([^']+)'/.exec(example)?.[1] ?? "";
    const response = await fetch(`${stack.apiUrl}/functions/v1/send-contact-email`, { method: "POST", headers, body });
    expect(response.status).toBe(200);
    expect((await response.json()).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  // Last: it takes the stack down.
  it("stops every part, the other Deno function included, when one function's process exits", async () => {
    const { "send-contact-email": submitPid, "retry-quote-emails": retryPid } = stack.functionPids;
    process.kill(submitPid, "SIGKILL");
    expect(await stoppedPart).toBe("function send-contact-email");
    const running = (pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(running(retryPid)).toBe(false);
    await expect(fetch(stack.siteUrl)).rejects.toThrow();
  });
});
