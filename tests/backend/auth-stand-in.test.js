// The local stand-in of Supabase Auth (dev/local/auth-stand-in.js), driven through @supabase/supabase-js
// as the inbox page drives it: a code by e-mail only to a user the firm added, the session it gives,
// refreshed and ended; GoTrue's answers where it refuses; tokens in Supabase's format, verifiable
// against the JWKS; and the admin API `npm run team` uses.
import { createPublicKey, verify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WRONG_CODES_ALLOWED } from "../../dev/local/auth-stand-in.js";
import { startAuthRig } from "../support/auth-rig.js";

let rig;
beforeAll(async () => {
  rig = await startAuthRig();
});
afterAll(() => rig?.stop());

/** @param {string} token */
const claimsOf = (token) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));

describe("the stand-in of Supabase Auth", () => {
  it("mails a 6-digit code to a user the firm added, and the code signs in", async () => {
    const user = await rig.addUser("ejer@example.dk");
    const { supabase, session } = await rig.signIn("ejer@example.dk");
    expect(session.user.id).toBe(user.id);
    expect((await rig.mailbox.all()).filter((mail) => mail.recipients.includes("ejer@example.dk"))).toHaveLength(1);
    const { data } = await supabase.auth.getUser();
    expect(data.user?.email).toBe("ejer@example.dk");
  });

  it("sends no code to an address not added, answering as GoTrue does with sign-ups off", async () => {
    const before = (await rig.mailbox.all()).length;
    const { error } = await rig.client().auth.signInWithOtp({ email: "fremmed@example.dk", options: { shouldCreateUser: false } });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("otp_disabled");
    expect((await rig.mailbox.all()).length).toBe(before);
  });

  it("refuses a wrong code, and voids the right one after the wrong ones allowed", async () => {
    await rig.addUser("tastefejl@example.dk");
    const supabase = rig.client();
    await supabase.auth.signInWithOtp({ email: "tastefejl@example.dk", options: { shouldCreateUser: false } });
    const code = String(await rig.codeFor("tastefejl@example.dk"));
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= WRONG_CODES_ALLOWED; attempt++) {
      const { error } = await supabase.auth.verifyOtp({ email: "tastefejl@example.dk", token: wrong, type: "email" });
      expect(error?.status).toBe(403);
      expect(error?.code).toBe("otp_expired");
    }
    const { data, error } = await supabase.auth.verifyOtp({ email: "tastefejl@example.dk", token: code, type: "email" });
    expect(data.session).toBeNull();
    expect(error?.code).toBe("otp_expired");
  });

  it("takes a code once", async () => {
    await rig.addUser("en-gang@example.dk");
    await rig.signIn("en-gang@example.dk");
    const code = String(await rig.codeFor("en-gang@example.dk"));
    const { error } = await rig.client().auth.verifyOtp({ email: "en-gang@example.dk", token: code, type: "email" });
    expect(error?.code).toBe("otp_expired");
  });

  it("issues ES256 tokens in Supabase's format that the JWKS verifies", async () => {
    const user = await rig.addUser("token@example.dk");
    const { session } = await rig.signIn("token@example.dk");
    const [header, payload, signature] = session.access_token.split(".");
    const { keys } = await (await fetch(`${rig.url}/auth/v1/.well-known/jwks.json`)).json();
    const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8"));
    expect(head).toMatchObject({ alg: "ES256", typ: "JWT" });
    const key = createPublicKey({ key: keys.find((k) => k.kid === head.kid), format: "jwk" });
    expect(
      verify("sha256", Buffer.from(`${header}.${payload}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url")),
    ).toBe(true);
    const claims = claimsOf(session.access_token);
    expect(claims).toMatchObject({
      iss: `${rig.url}/auth/v1`,
      sub: user.id,
      aud: "authenticated",
      role: "authenticated",
      email: "token@example.dk",
      aal: "aal1",
      app_metadata: { provider: "email", providers: ["email"] },
      is_anonymous: false,
    });
    expect(claims.amr[0].method).toBe("otp");
    expect(claims.exp - claims.iat).toBe(3600);
    expect(session.expires_in).toBe(3600);
  });

  it("refreshes a session once per refresh token, and ends it on sign-out", async () => {
    await rig.addUser("session@example.dk");
    const { supabase, session } = await rig.signIn("session@example.dk");
    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(claimsOf(refreshed.data.session.access_token).session_id).toBe(claimsOf(session.access_token).session_id);
    const reused = await rig.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error?.code).toBe("refresh_token_not_found");

    const latest = refreshed.data.session;
    expect((await supabase.auth.signOut({ scope: "local" })).error).toBeNull();
    const again = await rig.client().auth.refreshSession({ refresh_token: latest.refresh_token });
    expect(again.error).not.toBeNull();
    const user = await fetch(`${rig.url}/auth/v1/user`, { headers: { Authorization: `Bearer ${latest.access_token}` } });
    expect(user.status).toBe(403);
  });

  it("lists, creates and deletes users through the admin API only with the service role key", async () => {
    expect((await fetch(`${rig.url}/auth/v1/admin/users`)).status).toBe(403);
    const created = await rig.admin("users", { method: "POST", body: JSON.stringify({ email: "Ny@Example.dk", email_confirm: true }) });
    const user = await created.json();
    expect(user.email).toBe("ny@example.dk");
    expect((await rig.admin("users", { method: "POST", body: JSON.stringify({ email: "ny@example.dk" }) })).status).toBe(422);
    const { users } = await (await rig.admin("users")).json();
    expect(users.map((u) => u.email)).toContain("ny@example.dk");
    expect((await rig.admin(`users/${user.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await rig.sql`select 1 from auth.users where id = ${user.id}`).toHaveLength(0);
    const { error } = await rig.client().auth.signInWithOtp({ email: "ny@example.dk", options: { shouldCreateUser: false } });
    expect(error?.code).toBe("otp_disabled");
  });

  it("says sign-ups are off and e-mail is on in its settings, as verify:deploy reads them", async () => {
    const settings = await (await fetch(`${rig.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ external: { email: true }, disable_signup: true });
  });
});

describe("the stand-in's limits", () => {
  let strict;
  beforeAll(async () => {
    strict = await startAuthRig({ auth: { codeSeconds: 0, codesPerHour: 2 } });
    await strict.addUser("graense@example.dk");
  });
  afterAll(() => strict?.stop());

  it("refuses a code past its validity, and more codes than allowed in an hour with GoTrue's 429", async () => {
    const supabase = strict.client();
    const ask = () => supabase.auth.signInWithOtp({ email: "graense@example.dk", options: { shouldCreateUser: false } });
    expect((await ask()).error).toBeNull();
    const { error } = await supabase.auth.verifyOtp({
      email: "graense@example.dk",
      token: String(await strict.codeFor("graense@example.dk")),
      type: "email",
    });
    expect(error?.code).toBe("otp_expired");
    expect((await ask()).error).toBeNull();
    const third = await ask();
    expect(third.error?.status).toBe(429);
    expect(third.error?.code).toBe("over_email_send_rate_limit");
  });
});
