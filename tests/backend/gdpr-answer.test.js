// A GDPR access answer covers every stored field, the hashed client address and the user agent
// included (they were once left out), and prints as a ready Danish letter; an erasure reminds the firm
// of its own e-mails about the requests, which the database cannot delete. Photos still stored with a
// request are answered by name, type and size (never their bytes) and erased with it.
import { describe, expect, it } from "vitest";
import { FIELD_LABELS } from "../../supabase/functions/_shared/stored-fields.js";
import { loadData } from "../../site/_lib/load-data.js";
import { checkQuoteRequest } from "../../supabase/functions/_shared/quote-checks.ts";
import { CALLBACK, insertLead, LEAD, useLeadDatabase } from "../support/leads.js";

const business = loadData("business");

describe("the access and erasure answers on PostgreSQL 15", () => {
  /** @type {string[]} */
  let ids;
  /** @type {string[]} */
  let columns;
  const db = useLeadDatabase(async (sql) => {
    ids = [
      await insertLead(sql, "2026-11-02T08:15:00Z", { email: "jens.hansen@example.dk", user_agent: "Mozilla/5.0 (Jens' telefon)" }),
      await insertLead(sql, "2026-11-20T18:40:00Z", { email: "jens.hansen@example.dk", location: "Faxe", partner_id: "boligportalen" }),
      await insertLead(sql, "2026-11-21T09:00:00Z", { name: "Anden Person", email: "anden@example.dk", phone: "87654321" }),
    ];
    await sql`update quote_requests set client_ip_hash = 'cleared', user_agent = null where id = ${ids[1]}`;
    // Photos are kept until the firm's e-mail is out: the first request's and the other person's still are.
    for (const [id, position, filename, type, bytes] of /** @type {const} */ ([
      [ids[0], 1, "eltavle.jpg", "image/jpeg", 245_000],
      [ids[0], 2, "stikkontakt.png", "image/png", 1_200],
      [ids[2], 1, "andens.webp", "image/webp", 500],
    ]))
      await sql`insert into quote_request_photos (request_id, position, filename, content_type, bytes)
        values (${id}, ${position}, ${filename}, ${type}, decode(repeat('ab', ${bytes}), 'hex'))`;
    columns = (
      await sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = 'quote_requests'`
    ).map((row) => row.column_name);
  });
  const forget = (/** @type {string[]} */ ...args) => db.script("forget-requester.js", ...args);

  it("answers every stored column of every request for the address, any spelling of it", async () => {
    const { requests } = JSON.parse((await forget("Jens.Hansen@EXAMPLE.dk", "--json")).stdout);
    expect(requests.map((/** @type {{ id: string }} */ row) => row.id)).toEqual(ids.slice(0, 2));
    for (const request of requests)
      expect(Object.keys(request).sort()).toEqual([...columns, "photos", "deliveries", "states", "notes"].sort());
    expect(requests[0]).toMatchObject({ client_ip_hash: "hash-of-the-address", user_agent: "Mozilla/5.0 (Jens' telefon)" });
    expect(requests.map((/** @type {{ photos: unknown[] }} */ row) => row.photos)).toEqual([
      [
        { filename: "eltavle.jpg", content_type: "image/jpeg", size_bytes: 245_000 },
        { filename: "stikkontakt.png", content_type: "image/png", size_bytes: 1_200 },
      ],
      [],
    ]);
  });

  it("finds an address in the form the function stored it, however the person asking spells it", async () => {
    // Stored as the function stores it (quote-checks.ts): the domain in lower-case ASCII.
    const stored = checkQuoteRequest({ ...LEAD, email: "Info@Blåbær.DK" });
    if (!stored.ok) throw new Error("the test's address is refused");
    const id = await insertLead(db.sql, "2026-11-22T10:00:00Z", { email: stored.data.email });
    for (const spelling of ["info@BLÅBÆR.dk", " info@ｂｌåｂæｒ.ｄｋ", "INFO@xn--blbr-roah.dk"]) {
      const { requests } = JSON.parse((await forget(spelling, "--json")).stdout);
      expect(
        requests.map((/** @type {{ id: string }} */ row) => row.id),
        spelling,
      ).toEqual([id]);
    }
    expect(JSON.parse((await forget("info@ＢＬÅＢÆＲ.DK", "--delete", "--json")).stdout).deleted).toBe(1);
  });

  it("prints every field in Danish, the hashed address and the user agent included", async () => {
    const { code, stdout } = await forget("jens.hansen@example.dk");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^2 forespørgsler gemt for jens\.hansen@example\.dk/);
    for (const column of columns) expect(stdout, column).toContain(`  ${FIELD_LABELS[column] ?? column}: `);
    expect(stdout).toContain("Envejskodet (hashet) udgave af IP-adressen: hash-of-the-address");
    expect(stdout).toContain("Browserens navn (user agent): Mozilla/5.0 (Jens' telefon)");
    expect(stdout).toContain("Envejskodet (hashet) udgave af IP-adressen: slettet (efter de faste dage)");
    expect(stdout).toContain("Modtaget: 2.11.2026 kl. 09.15");
    expect(stdout).toContain(
      "Billeder sendt med: 2 billeder, gemt indtil vores e-mail med dem er sendt: eltavle.jpg (JPEG, 245 kB), stikkontakt.png (PNG, 1 kB)",
    );
    expect(stdout).toContain("Billeder sendt med: ingen gemt");
    // What was sent about each request (the outbox), and how it went.
    expect(stdout).toMatch(
      /Det, vi har sendt om den: vores e-mail om forespørgslen: sendt \d+\.\d+\.\d{4} kl\. \d\d\.\d\d; .*kvittering til dig: ikke sendt/,
    );
    expect(stdout).not.toContain("Anden Person");
    expect(stdout).not.toContain("andens.webp");
  });

  it("prints the answer as a ready Danish letter from the firm, with what article 15 asks for", async () => {
    const letter = (await forget("jens.hansen@example.dk", "--letter")).stdout;
    expect(letter.startsWith(`${business.identity.legalName}\n`)).toBe(true);
    for (const text of [
      "Svar på din anmodning om indsigt",
      "Kære Jens Hansen",
      "artikel 15",
      "fundet 2 forespørgsler",
      "Forespørgsel 1 af 2:",
      "Envejskodet (hashet) udgave af IP-adressen: hash-of-the-address",
      "Browserens navn (user agent): Mozilla/5.0 (Jens' telefon)",
      "Hvor arbejdet skal udføres: Faxe",
      "Billeder sendt med: 2 billeder, gemt indtil vores e-mail med dem er sendt: eltavle.jpg (JPEG, 245 kB)",
      `slettes ${business.privacy.requestRetentionMonths} måneder efter`,
      `efter ${business.privacy.clientDataRetentionDays} dage`,
      business.processors.database.name,
      "Datatilsynet",
      `Venlig hilsen\n\n${business.identity.legalName}`,
    ])
      expect(letter, text).toContain(text);
    expect(letter).not.toContain("Anden Person");
    expect(letter).not.toMatch(/undefined|null|\[object/);
    const nobody = (await forget("ingen@example.dk", "--letter")).stdout;
    expect(nobody).toContain("har ingen oplysninger gemt om dig");
  });

  it("erases the address and reminds the firm to delete its e-mails about each request", async () => {
    const { code, stdout } = await forget("JENS.HANSEN@example.dk", "--delete");
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^Slettet fra databasen: 2 forespørgsler for JENS\.HANSEN@example\.dk\.\n\nHusk: vores e-mails om forespørgslerne ligger stadig i firmaets postkasse/,
    );
    expect(stdout).toContain(`"Ny forespørgsel: Køge", modtaget 2.11.2026 kl. 09.15 (forespørgsel-id ${ids[0]})`);
    expect(stdout).toContain(`"Ny forespørgsel: Faxe", modtaget 20.11.2026 kl. 19.40 (forespørgsel-id ${ids[1]})`);
    expect((await db.sql`select email from quote_requests`).map((row) => row.email)).toEqual(["anden@example.dk"]);
    // The photos go with their request (on delete cascade); the other person's stay.
    expect((await db.sql`select filename from quote_request_photos`).map((row) => row.filename)).toEqual(["andens.webp"]);
    const json = await forget("anden@example.dk", "--delete", "--json");
    expect(JSON.parse(json.stdout)).toEqual({ email: "anden@example.dk", deleted: 1 });
    expect(await db.sql`select 1 from quote_request_photos`).toHaveLength(0);
    expect(json.stderr).toContain("Husk: vores e-mails om forespørgslen ligger stadig i firmaets postkasse");
  });

  it("finds a call-back, which has no e-mail, by its phone number in any spelling, with the inbox's states and notes", async () => {
    const id = await insertLead(db.sql, "2026-11-23T07:00:00Z", { ...CALLBACK, call_when: "i formiddag" });
    await db.sql`insert into lead_events (request_id, by_email, state, reason) values (${id}, 'ejer@example.dk', 'tabt', 'Ville ikke have tilbud')`;
    await db.sql`insert into lead_notes (request_id, by_email, text) values (${id}, 'ejer@example.dk', 'Ringede tilbage kl. 10')`;
    const letter = (await forget("+45 2345 6789", "--letter")).stdout;
    for (const text of [
      "Kære Bent Ring",
      "telefonnummeret +45 2345 6789",
      "fundet én forespørgsel",
      "Ville ikke have tilbud",
      "Ringede tilbage kl. 10",
    ])
      expect(letter, text).toContain(text);
    const erased = await forget("0045 23456789", "--delete");
    expect(erased.stdout).toMatch(/^Slettet fra databasen: 1 forespørgsel/);
    expect(erased.stdout).toContain(`"Ring op: Bent Ring, 23 45 67 89"`);
    expect(await db.sql`select 1 from quote_requests where id = ${id}`).toHaveLength(0);
    expect(await db.sql`select 1 from lead_notes union all select 1 from lead_events`).toHaveLength(0);
  });

  // A booking's visit was left out of the letter, and the reminder named the subject of a quote, which
  // the firm's e-mail about a booking never had.
  it("names a booking's visit in the letter, and its e-mail's own subject in the reminder", async () => {
    const id = await insertLead(db.sql, "2026-11-24T10:00:00Z", {
      kind: "booking",
      name: "Bo Besøg",
      email: "bo@example.dk",
      location: "Haslev",
    });
    await db.sql`insert into bookings (request_id, starts_at, ends_at, buffer_minutes, visit)
      values (${id}, '2026-12-14T08:00:00Z', '2026-12-14T09:00:00Z', 0, tstzrange('2026-12-14T08:00:00Z', '2026-12-14T09:00:00Z'))`;
    const letter = (await forget("bo@example.dk", "--letter")).stdout;
    expect(letter).toContain(`${FIELD_LABELS.visit}: mandag den 14. december 2026 kl. 09.00–10.00`);
    const erased = await forget("bo@example.dk", "--delete");
    expect(erased.stdout).toContain(`"Ny besigtigelse: mandag den 14. december 2026 kl. 09.00–10.00, Haslev", modtaget 24.11.2026`);
  });
});
