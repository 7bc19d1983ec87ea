// `npm run leads`: the firm's leads for a period in Danish, by Copenhagen days and times, searchable by
// name, phone or e-mail, and as a CSV file that Danish Excel opens (read back here as Excel reads it:
// semicolons, UTF-8 with its byte-order mark). Once it printed JSON with English keys and UTC times.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { insertLead, useLeadDatabase } from "../support/leads.js";
import { runOperatorScript } from "../support/operator-script.js";
import { testFolder } from "../support/temp-folder.js";

describe("npm run leads on PostgreSQL 15", () => {
  const db = useLeadDatabase(async (sql) => {
    // 00:30 Danish time on 1 November (winter time, UTC+1) is still 31 October in UTC.
    await insertLead(sql, "2026-10-31T23:30:00Z", { name: "Ida Nielsen", email: "ida@example.dk", phone: "20 30 40 50" });
    // 23:30 Danish time on 31 October: October, whatever the clock in UTC says.
    await insertLead(sql, "2026-10-31T22:30:00Z", { name: "Ole Berg", email: "ole@example.dk", phone: "+45 61 62 63 64" });
    // Summer time (UTC+2): 00:30 on 1 April in Copenhagen is 22:30 on 31 March in UTC.
    await insertLead(sql, "2026-03-31T22:30:00Z", { name: "April Første", email: "april@example.dk" });
    await insertLead(sql, "2026-03-31T21:30:00Z", { name: "Marts Sidste", email: "marts@example.dk" });
    await insertLead(sql, "2026-11-10T09:05:00Z", {
      name: "Søren Ærø",
      email: "soeren@example.dk",
      message: '=HYPERLINK("http://evil.example";"klik"); og "citat"\nanden linje',
      mail: "failed",
    });
    // A call-back: a name and a phone, and when to call.
    await insertLead(sql, "2026-12-02T09:00:00Z", {
      kind: "callback",
      call_when: "I formiddag",
      name: "Kaj Ring",
      phone: "30 40 50 60",
      email: null,
      location: null,
      message: null,
    });
    // A deploy check is not a lead.
    await insertLead(sql, "2026-11-11T09:00:00Z", { name: "Deploy Check", deploy_check: true });
  });
  const leads = (/** @type {string[]} */ ...args) => db.script("leads.js", ...args);

  it("lists a month by Copenhagen days, newest first, with Danish times and labels (00:30 on 1 November is November)", async () => {
    const { code, stdout } = await leads("--month", "2026-11");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^2 forespørgsler fra 1\.11\.2026 til 30\.11\.2026 \(dansk tid\), nyeste først:/);
    expect(stdout.indexOf("Søren Ærø")).toBeLessThan(stdout.indexOf("Ida Nielsen"));
    expect(stdout).toContain("1.11.2026 kl. 00.30  Ida Nielsen");
    expect(stdout).toContain("10.11.2026 kl. 10.05  Søren Ærø");
    expect(stdout).toContain("E-mail til firmaet: opgivet: kunne ikke sendes");
    expect(stdout).toContain("Partner: egen hjemmeside");
    expect(stdout).not.toContain("Ole Berg");
    expect(stdout).not.toContain("Deploy Check");
    expect(stdout).not.toMatch(/received_at|last_error|T\d\d:\d\d/);
    const october = (await leads("--month", "2026-10")).stdout;
    expect(october).toContain("31.10.2026 kl. 23.30  Ole Berg");
    expect(october).not.toContain("Ida Nielsen");
  });

  it("puts the month boundary in summer time at midnight Copenhagen time too (UTC+2)", async () => {
    const april = (await leads("--month", "2026-04")).stdout;
    expect(april).toContain("1.4.2026 kl. 00.30  April Første");
    expect(april).not.toContain("Marts Sidste");
    expect((await leads("--from", "2026-03-31", "--to", "2026-03-31")).stdout).toMatch(
      /^1 forespørgsel .*\n\n31\.3\.2026 kl\. 23\.30 {2}Marts Sidste/,
    );
  });

  it("finds a lead by part of its name, its e-mail, or its phone number written with or without spaces", async () => {
    const found = async (/** @type {string} */ search) =>
      [...(await leads("--from", "2026-01-01", "--to", "2026-12-31", "--search", search)).stdout.matchAll(/kl\. \d\d\.\d\d {2}(.+)/g)].map(
        (m) => m[1],
      );
    expect(await found("nielsen")).toEqual(["Ida Nielsen"]);
    expect(await found("OLE@example")).toEqual(["Ole Berg"]);
    expect(await found("20304050")).toEqual(["Ida Nielsen"]);
    expect(await found("61 62 63")).toEqual(["Ole Berg"]);
    expect(await found("ingen%")).toEqual([]);
  });

  it("writes a CSV file that Danish Excel reads whole: semicolons, UTF-8 with BOM, Copenhagen times, no formula run", async () => {
    const folder = testFolder("leads-csv-");
    const { code, stdout } = await runOperatorScript("leads.js", ["--month", "2026-11", "--csv"], {
      databaseUrl: db.database.url,
      env: { INIT_CWD: folder },
    });
    expect(code).toBe(0);
    const file = join(folder, "forespoergsler-2026-11-01-til-2026-11-30.csv");
    expect(stdout).toContain(`2 forespørgsler skrevet til ${file}`);
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    /** @type {Record<string, string>[]} */
    const rows = parse(bytes, { bom: true, delimiter: ";", columns: true, record_delimiter: "\r\n" });
    expect(rows.map((row) => row.Navn)).toEqual(["Søren Ærø", "Ida Nielsen"]);
    expect(rows[1]).toMatchObject({ "Modtaget (dansk tid)": "2026-11-01 00:30", Telefon: "20 30 40 50", Partner: "egen hjemmeside" });
    // What a visitor typed comes back whole, as text: Excel would run a cell starting with "=".
    expect(rows[0].Besked).toBe(`'=HYPERLINK("http://evil.example";"klik"); og "citat"\nanden linje`);
    expect(rows[0]["E-mail til firmaet"]).toBe("opgivet: kunne ikke sendes");
  });

  it("shows each lead's kind: a quote, or a call-back with when to call and no empty e-mail, place or message", async () => {
    const december = (await leads("--month", "2026-12")).stdout;
    expect(december).toContain("2.12.2026 kl. 10.00  Kaj Ring\n  Type: Ring op (I formiddag)\n  Telefon: 30 40 50 60\n");
    expect(december).not.toMatch(/null|E-mail: |Besked:/);
    expect((await leads("--month", "2026-11")).stdout).toContain("Ida Nielsen\n  Type: Tilbud\n");
    const folder = testFolder("leads-csv-");
    await runOperatorScript("leads.js", ["--month", "2026-12", "--csv"], { databaseUrl: db.database.url, env: { INIT_CWD: folder } });
    const bytes = await readFile(join(folder, "forespoergsler-2026-12-01-til-2026-12-31.csv"));
    /** @type {Record<string, string>[]} */
    const [row] = parse(bytes, { bom: true, delimiter: ";", columns: true, record_delimiter: "\r\n" });
    expect(row).toMatchObject({ Type: "Ring op (I formiddag)", Navn: "Kaj Ring", Telefon: "30 40 50 60", "E-mail": "", Besked: "" });
  });

  it("keeps --undelivered, in Danish, and refuses a malformed period with a Danish sentence", async () => {
    const { stdout } = await leads("--undelivered");
    expect(stdout).toMatch(/^1 forespørgsel er ikke nået frem til firmaet som e-mail/);
    expect(stdout).toContain("Søren Ærø");
    expect(JSON.parse((await leads("--undelivered", "--json")).stdout)).toMatchObject({
      undelivered: 1,
      requests: [{ status: "failed", phone: "+45 12 34 56 78" }],
    });
    const wrong = await leads("--month", "2026-13");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--month skal være et år og en måned, fx 2026-11");
  });
});
