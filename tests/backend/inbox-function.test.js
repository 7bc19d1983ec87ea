// The inbox function (supabase/functions/inbox/) under Deno, as deployed, behind the local gateway with
// the stand-in of Supabase Auth: real tokens from a real sign-in through @supabase/supabase-js, and the
// ones Auth never gives the page (forged, expired, for another audience), each refused before anything
// is read. Then the actions of the contract, each answered in JSON with no-store, refusals in Danish.
import { generateKeyPairSync, sign } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLBACK, insertLead } from "../support/leads.js";
import { startAuthRig } from "../support/auth-rig.js";
import { SITE_URL } from "../support/function.js";

const SIGNED_OUT = "Du er ikke logget ind, eller din session er udløbet. Log ind igen.";
let rig;
let owner;
let worker;
let lead;

beforeAll(async () => {
  rig = await startAuthRig({ functions: ["inbox"] });
  await rig.addUser("ejer@example.dk", "ejer");
  await rig.addUser("medarbejder@example.dk", "medarbejder");
  await rig.addUser("fremmed@example.dk");
  owner = await rig.signIn("ejer@example.dk");
  worker = await rig.signIn("medarbejder@example.dk");
  lead = await insertLead(rig.sql, new Date().toISOString(), { name: "Grethe Jensen", location: "Vestergade 3, 4600 Køge" });
});
afterAll(() => rig?.stop());

/** POSTs an action with `token` as the page does; answers status, headers and JSON. */
async function call(token, body, headers = {}) {
  const response = await fetch(`${rig.url}/functions/v1/inbox`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const type = response.headers.get("content-type") ?? "";
  return {
    status: response.status,
    headers: response.headers,
    body: type.includes("json") ? await response.json() : await response.arrayBuffer(),
  };
}

/** A token in Supabase's format for `claims`, signed by `key`. */
function tokenSignedBy(key, kid, claims) {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${part({ alg: "ES256", kid, typ: "JWT" })}.${part(claims)}`;
  return `${input}.${sign("sha256", Buffer.from(input), { key, dsaEncoding: "ieee-p1363" }).toString("base64url")}`;
}

const claimsOf = (session) => JSON.parse(Buffer.from(session.access_token.split(".")[1], "base64url").toString("utf8"));

describe("the inbox function's caller", () => {
  it("answers 401 in Danish without a token, with the anon key, or with a token that is no JWT", async () => {
    for (const token of [null, "eksempel-offentlig-anon-noegle", "a.b.c"]) {
      const answer = await call(token, { action: "me" });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: SIGNED_OUT });
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("answers 401 to a token signed with another key under the project's key id", async () => {
    const { kid } = JSON.parse(Buffer.from(owner.session.access_token.split(".")[0], "base64url").toString("utf8"));
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    expect((await call(tokenSignedBy(privateKey, kid, claimsOf(owner.session)), { action: "me" })).status).toBe(401);
  });

  it("answers 401 to the project's own signature on an expired token, another audience or another issuer", async () => {
    const claims = claimsOf(owner.session);
    const now = Math.floor(Date.now() / 1000);
    for (const changed of [
      { exp: now - 60, iat: now - 3660 },
      { aud: "anon" },
      { iss: "https://other-project.supabase.co/auth/v1" },
      { role: "anon" },
    ]) {
      const answer = await call(rig.signToken({ ...claims, ...changed }), { action: "me" });
      expect(answer.status, JSON.stringify(changed)).toBe(401);
      expect(answer.body).toEqual({ error: SIGNED_OUT });
    }
  });

  it("answers 403 to a signed-in person who is not on the team", async () => {
    const stranger = await rig.signIn("fremmed@example.dk");
    const answer = await call(stranger.session.access_token, { action: "leads" });
    expect(answer).toMatchObject({ status: 403, body: { error: "Du er ikke med på firmaets team." } });
  });

  it("names the caller and their role, through supabase-js's functions.invoke", async () => {
    const { data, error } = await owner.supabase.functions.invoke("inbox", { body: { action: "me" } });
    expect(error).toBeNull();
    expect(data).toEqual({ user: { id: claimsOf(owner.session).sub, email: "ejer@example.dk" }, role: "ejer" });
  });

  it("lets the site's page read its answers, and no other origin", async () => {
    const site = await call(owner.session.access_token, { action: "me" }, { Origin: new URL(SITE_URL).origin });
    expect(site.headers.get("access-control-allow-origin")).toBe(new URL(SITE_URL).origin);
    const other = await call(owner.session.access_token, { action: "me" }, { Origin: "https://evil.example" });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the inbox function's leads", () => {
  it("lists the open leads newest first, and finds one by phone in another spelling", async () => {
    const answer = await call(worker.session.access_token, { action: "leads", q: "+45 1234 5678" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body.leads.map((l) => l.id)).toContain(lead);
    expect(Date.parse(answer.body.now)).not.toBeNaN();
    const later = await call(worker.session.access_token, { action: "leads", since: answer.body.now });
    expect(later.body.leads.map((l) => l.id)).toContain(lead);
    const future = await call(worker.session.access_token, { action: "leads", since: new Date(Date.now() + 60_000).toISOString() });
    expect(future.body.leads).toEqual([]);
  });

  it("moves a lead and notes it, kept with who and when, for a medarbejder", async () => {
    const moved = await call(worker.session.access_token, { action: "move", id: lead, state: "ringet_op" });
    expect(moved.status).toBe(200);
    expect(moved.body.lead).toMatchObject({ id: lead, state: "ringet_op", phone: "+45 12 34 56 78", town: "Køge", postcode: "4600" });
    const noted = await call(worker.session.access_token, { action: "note", id: lead, text: "Kunden vil have tilbud på to stikkontakter" });
    expect(noted.body.lead.notes).toEqual([expect.objectContaining({ by: "medarbejder@example.dk" })]);
    const won = await call(owner.session.access_token, { action: "move", id: lead, state: "vundet" });
    expect(won.body.lead.history.map((h) => [h.state, h.by])).toEqual([
      ["ringet_op", "medarbejder@example.dk"],
      ["vundet", "ejer@example.dk"],
    ]);
  });

  it("gives a photo's bytes while it is kept, and 404 in Danish once it is gone", async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await rig.sql`insert into quote_request_photos (request_id, position, filename, content_type, bytes)
      values (${lead}, 1, 'eltavle.jpg', 'image/jpeg', ${jpeg})`;
    const listed = await call(worker.session.access_token, { action: "lead", id: lead });
    expect(listed.body.lead.photos).toEqual([{ index: 1, name: "eltavle.jpg", type: "image/jpeg", size: jpeg.length }]);
    const photo = await call(worker.session.access_token, { action: "photo", id: lead, index: 1 });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(photo.body)).toEqual(jpeg);
    await rig.sql`delete from quote_request_photos where request_id = ${lead}`;
    const gone = await call(worker.session.access_token, { action: "photo", id: lead, index: 1 });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatch(/Billedet findes ikke længere/);
  });

  it("refuses bad input in Danish, saying which", async () => {
    const token = worker.session.access_token;
    expect((await call(token, { action: "move", id: lead, state: "solgt" })).body.error).toMatch(/Ukendt status/);
    expect((await call(token, { action: "move", id: lead, state: "tabt" })).body.error).toMatch(/grund/);
    expect((await call(token, { action: "note", id: lead, text: "" })).body.error).toMatch(/note/);
    expect((await call(token, { action: "lead", id: "x" })).body.error).toMatch(/id/);
    expect(await call(token, { action: "sell" })).toMatchObject({ status: 400, body: { error: "Ukendt handling." } });
    expect(await call(token, { action: "lead", id: "00000000-0000-4000-8000-000000000000" })).toMatchObject({
      status: 404,
      body: { error: "Henvendelsen findes ikke længere." },
    });
  });

  it("cancels a booking's visit when it is lost, so the customer is told", async () => {
    const booking = await insertLead(rig.sql, new Date().toISOString(), { kind: "booking", name: "Bo Booker" });
    const start = new Date(Date.now() + 3 * 24 * 3600_000);
    const end = new Date(start.getTime() + 3600_000);
    await rig.sql`insert into bookings (request_id, starts_at, ends_at, buffer_minutes, visit)
      values (${booking}, ${start}, ${end}, 0, tstzrange(${start}, ${end}))`;
    const listed = await call(owner.session.access_token, { action: "lead", id: booking });
    expect(listed.body.lead.visit).toMatchObject({ active: true });
    const lost = await call(owner.session.access_token, {
      action: "move",
      id: booking,
      state: "tabt",
      reason: "Kunden har fundet en anden",
    });
    expect(lost.body.lead.visit).toMatchObject({ active: false });
    const deliveries = await rig.sql`select channel from deliveries where request_id = ${booking} and state = 'due' order by channel`;
    expect(deliveries.map((d) => d.channel)).toEqual(expect.arrayContaining(["booking_update", "booking_update_firm"]));
    expect((await call(owner.session.access_token, { action: "cancel_booking", id: booking })).body.error).toMatch(/besigtigelse/);
  });
});

describe("the owner's statement, access letter and erasure in the inbox", () => {
  it("counts the month's leads won and lost per partner and page, with its CSV", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const answer = await call(owner.session.access_token, { action: "statement", month });
    expect(answer.status).toBe(200);
    // The lead moved to vundet above; the lost booking.
    expect(answer.body.totals).toMatchObject({ won: 1, lost: 1 });
    expect(answer.body.rows.reduce((sum, row) => sum + row.leads, 0)).toBe(answer.body.totals.leads);
    const csv = parse(answer.body.csv, { bom: true, delimiter: ";", columns: true });
    expect(csv.at(-1)).toMatchObject({ Partner: "I alt", Vundet: "1", Tabt: "1" });
    expect((await call(owner.session.access_token, { action: "statement", month: "2026-13" })).body.error).toMatch(/ÅÅÅÅ-MM/);
  });

  it("writes a call-back's access letter, found by phone, and erases it only when confirmed", async () => {
    const callback = await insertLead(rig.sql, new Date().toISOString(), CALLBACK);
    const found = await call(owner.session.access_token, { action: "customer", phone: "+45 23456789" });
    expect(found.status).toBe(200);
    expect(found.body.requests).toBe(1);
    expect(found.body.letter).toContain("Kære Bent Ring");
    expect(found.body.letter).toContain("Svar på din anmodning om indsigt");
    const unconfirmed = await call(owner.session.access_token, { action: "erase", phone: "+45 23456789", confirm: "23456789" });
    expect(unconfirmed.status).toBe(400);
    expect(await rig.sql`select 1 from quote_requests where id = ${callback}`).toHaveLength(1);
    const erased = await call(owner.session.access_token, { action: "erase", phone: "+45 23456789", confirm: "+45 23456789" });
    expect(erased.body).toMatchObject({ erased: 1 });
    expect(erased.body.reminder).toContain("Ring op: Bent Ring");
    expect(await rig.sql`select 1 from quote_requests where id = ${callback}`).toHaveLength(0);
  });

  it("lets a medarbejder neither export nor erase", async () => {
    const month = new Date().toISOString().slice(0, 7);
    for (const body of [
      { action: "statement", month },
      { action: "customer", email: "jens@example.dk" },
      { action: "erase", email: "jens@example.dk", confirm: "jens@example.dk" },
    ])
      expect(await call(worker.session.access_token, body)).toMatchObject({ status: 403, body: { error: "Det kan kun firmaets ejer." } });
    expect(await rig.sql`select 1 from quote_requests where email = 'jens@example.dk'`).not.toHaveLength(0);
  });
});

describe("the inbox function's team", () => {
  it("lets the owner add and remove a person, who then can and cannot get a code", async () => {
    const added = await call(owner.session.access_token, { action: "team_add", email: "Lærling@Example.dk", role: "medarbejder" });
    expect(added.status).toBe(200);
    const member = added.body.members.find((m) => m.email === "lærling@example.dk");
    expect(member).toMatchObject({ role: "medarbejder" });
    expect((await rig.client().auth.signInWithOtp({ email: "lærling@example.dk", options: { shouldCreateUser: false } })).error).toBeNull();
    const removed = await call(owner.session.access_token, { action: "team_remove", id: member.id });
    expect(removed.body.members.map((m) => m.email)).not.toContain("lærling@example.dk");
    const { error } = await rig.client().auth.signInWithOtp({ email: "lærling@example.dk", options: { shouldCreateUser: false } });
    expect(error?.code).toBe("otp_disabled");
  });

  it("refuses a medarbejder the team, and creates no Auth user for them", async () => {
    for (const body of [{ action: "team" }, { action: "team_add", email: "ny@example.dk", role: "ejer" }])
      expect(await call(worker.session.access_token, body)).toMatchObject({ status: 403, body: { error: "Det kan kun firmaets ejer." } });
    expect(await rig.sql`select 1 from auth.users where email = 'ny@example.dk'`).toHaveLength(0);
  });

  it("keeps the last owner", async () => {
    const answer = await call(owner.session.access_token, { action: "team_remove", id: claimsOf(owner.session).sub });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/mindst én ejer/);
  });

  it("logs no personal data", () => {
    const log = rig.output.join("");
    for (const secret of ["Grethe", "12345678", "ejer@example.dk", "lærling"]) expect(log).not.toContain(secret);
  });
});
