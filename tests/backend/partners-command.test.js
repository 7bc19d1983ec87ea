// The one list of partners: `npm run partners` writes it, and a row both lets the partner's origin send
// and credits its leads. A second list that let an origin send without crediting it lost commissions
// without anyone noticing, so there is no other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres15 } from "../support/databases.js";
import { startBackend } from "../support/function.js";
import { PARTNER_LEAD as LEAD, registerPartner, runPartners } from "../support/partners-command.js";

const ORIGIN = "https://www.byportalen.example";

describe("npm run partners on PostgreSQL 15", () => {
  /** @type {Awaited<ReturnType<typeof startBackend>>} */
  let backend;
  /** @type {string} */
  let databaseUrl;
  beforeAll(async () => {
    backend = await startBackend(
      async () => {
        const database = await startPostgres15();
        databaseUrl = database.url;
        await registerPartner(databaseUrl, { id: "byportalen", name: "Byportalen ApS", origin: ORIGIN });
        return database;
      },
      // Every list is past its age: a change shows on the next request.
      { handlerOptions: { partnerListTtlMs: 0 }, env: { RATE_LIMIT_PER_CLIENT: "100", RATE_LIMIT_PER_EMAIL: "100" } },
    );
  }, 60_000);
  afterAll(() => backend?.stop());

  const post = (/** @type {string} */ origin, /** @type {Record<string, unknown>} */ extra = {}) =>
    fetch(backend.functions.submitUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ ...LEAD, ...extra }),
    });
  const partners = () => backend.sql`select id, name, origin, active from partners order by id`;

  it("registers a partner whose site may then send and whose leads are credited to it", async () => {
    const answer = await post(ORIGIN, { partnerId: "byportalen", email: "credited@example.dk" });
    expect(answer.status).toBe(200);
    const { id } = await answer.json();
    const [row] = await backend.sql`select partner_id, source_url from quote_requests where id = ${id}`;
    expect(row.partner_id).toBe("byportalen");
    // Another id claimed from the same site is not credited: the row says which site is whose.
    const other = await (await post(ORIGIN, { partnerId: "elportalen", email: "other@example.dk" })).json();
    expect((await backend.sql`select partner_id from quote_requests where id = ${other.id}`)[0].partner_id).toBeNull();
  });

  it("accepts a newly added partner's first request: a list past its age is reread before refusing", async () => {
    // Every list here is past its age (TTL 0): an origin it does not hold waits for the fresh list.
    // Before, that first request was judged by the old list (403) and only the next one passed.
    expect((await post(ORIGIN, { email: "list-in-hand@example.dk" })).status).toBe(200);
    const added = await runPartners(databaseUrl, ["add", "nyside", "Ny Side", "https://ny-side.example"]);
    expect(added.code).toBe(0);
    const first = await post("https://ny-side.example", { partnerId: "nyside", email: "first@example.dk" });
    expect(first.status).toBe(200);
    const { id } = await first.json();
    expect((await backend.sql`select partner_id from quote_requests where id = ${id}`)[0].partner_id).toBe("nyside");
  });

  it("lists the partners in Danish, active and removed", async () => {
    const { code, stdout } = await runPartners(databaseUrl, ["list"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^byportalen\tByportalen ApS\thttps:\/\/www\.byportalen\.example\ttilføjet \d{1,2}\.\d{1,2}\.\d{4}\taktiv$/m);
  });

  it("stores the origin as a browser sends it, however the firm wrote it", async () => {
    const { code, stdout } = await runPartners(databaseUrl, ["add", "elkunder", "Elkunder", "HTTPS://Elkunder.EXAMPLE:443/"]);
    expect(code).toBe(0);
    expect(stdout).toContain('partner="elkunder"');
    expect(await partners()).toContainEqual({ id: "elkunder", name: "Elkunder", origin: "https://elkunder.example", active: true });
  });

  it.each([
    ["a page's address", ["add", "sider", "Sider", "https://sider.example/elektrikere"], /uden sti: https:\/\/sider\.example \(ikke/],
    ["a host without https://", ["add", "sider", "Sider", "www.sider.example"], /er ikke en origin\. Skriv https:\/\//],
    ["another scheme", ["add", "sider", "Sider", "ftp://sider.example"], /skal begynde med https:\/\//],
    ["an id with capitals", ["add", "Sider", "Sider", "https://sider.example"], /kan ikke være et partner-id: brug små bogstaver/],
    ["a blank name", ["add", "sider", " ", "https://sider.example"], /Skriv partnerens navn/],
    ["a missing origin", ["add", "sider", "Sider"], /^Brug:/],
    ["an unknown command", ["delete", "byportalen"], /^Brug:/],
  ])("refuses %s with a Danish sentence saying what to write, and stores nothing", async (_case, args, message) => {
    const before = await partners();
    const { code, stderr } = await runPartners(databaseUrl, args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(await partners()).toEqual(before);
  });

  it("refuses a second partner on a registered site, and an id that is taken", async () => {
    const sameSite = await runPartners(databaseUrl, ["add", "kopi", "Kopi", ORIGIN]);
    expect([sameSite.code, sameSite.stderr]).toEqual([1, expect.stringContaining("allerede registreret som partneren byportalen")]);
    const sameId = await runPartners(databaseUrl, ["add", "byportalen", "Byportalen", "https://andet.example"]);
    expect([sameId.code, sameId.stderr]).toEqual([1, expect.stringContaining("Partneren byportalen findes allerede")]);
    expect((await partners()).map((partner) => partner.id)).not.toContain("kopi");
  });

  it("removes a partner: its site can no longer send, and it can come back on a new origin", async () => {
    const removed = await runPartners(databaseUrl, ["remove", "elkunder"]);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toMatch(/^Fjernet: elkunder\./);
    // The function rereads its list in the background: the answer changes within a request or two.
    await expect.poll(async () => (await post("https://elkunder.example", { email: "gone@example.dk" })).status).toBe(403);
    expect((await runPartners(databaseUrl, ["list"])).stdout).toMatch(/^elkunder\t.*\tfjernet$/m);
    expect((await runPartners(databaseUrl, ["remove", "elkunder"])).code).toBe(1);
    const back = await runPartners(databaseUrl, ["add", "elkunder", "Elkunder", "https://www.elkunder.example"]);
    expect(back.code).toBe(0);
    expect(await partners()).toContainEqual({ id: "elkunder", name: "Elkunder", origin: "https://www.elkunder.example", active: true });
  });

  it("keeps every row in the browser's form of its origin, whoever writes it", async () => {
    for (const origin of ["https://Gammel.example", "https://gammel.example/", "https://gammel.example:443", "http://127.0.0.1:80"])
      await expect(backend.sql`insert into partners (id, name, origin) values ('forkert', 'Forkert', ${origin})`, origin).rejects.toThrow(
        /partners_origin_as_browsers_send_it/,
      );
  });
});
