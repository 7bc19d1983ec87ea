// What `npm run verify:deploy` checks of the inbox (operator/verify-deploy/inbox-checks.js): Supabase
// Auth's public settings (e-mail codes on, sign-ups off) and the inbox function's 401 without a token,
// here against the local gateway with the stand-in of Supabase Auth and the real function under Deno;
// and that each check fails, saying what to do, when the project is not set up so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxChecks } from "../../operator/verify-deploy/inbox-checks.js";
import { startAuthRig } from "../support/auth-rig.js";
import { SITE_URL } from "../support/function.js";
import { business } from "../support/site.js";

let rig;
beforeAll(async () => {
  rig = await startAuthRig({ functions: ["inbox"] });
});
afterAll(() => rig?.stop());

const check = (fetcher = fetch, functionsUrl = `${rig.url}/functions/v1`) =>
  inboxChecks({ siteUrl: SITE_URL, functionsUrl, anonKey: business.backend.anonKey, fetch: fetcher });

describe("verify:deploy's checks of the inbox", () => {
  it("pass against a project with e-mail codes on, sign-ups off and the inbox deployed", async () => {
    const checks = await check();
    expect(checks.map((c) => [c.title, c.ok, c.detail])).toEqual([
      [expect.stringContaining("sign-in"), true, expect.any(String)],
      [expect.stringContaining("401"), true, expect.any(String)],
    ]);
  });

  it("fail with what to do when the project lets anyone sign up, or sends no e-mail codes", async () => {
    for (const settings of [
      { external: { email: true }, disable_signup: false },
      { external: { email: false }, disable_signup: true },
    ]) {
      // The project's own answer, as a project not set up for the inbox gives it.
      const project = async (url, init) => (String(url).endsWith("/auth/v1/settings") ? Response.json(settings) : fetch(url, init));
      const [signIn] = await check(project);
      expect(signIn.ok).toBe(false);
      expect(signIn.fix).toMatch(/Allow new users to sign up/);
    }
  });

  it("fails with what to do when the project does not answer", async () => {
    // Port 9 (discard) of this machine: nobody serves it, connections are refused at once.
    const missing = await check(fetch, "http://127.0.0.1:9/functions/v1");
    expect(missing.map((c) => c.ok)).toEqual([false, false]);
    expect(missing[1].fix).toMatch(/supabase functions deploy inbox/);
  });

  it("fails when the inbox answers a request without a token with anything but 401", async () => {
    const open = async (url, init) =>
      String(url).endsWith("/functions/v1/inbox") ? Response.json({ user: null }, { status: 200 }) : fetch(url, init);
    const [, inbox] = await check(open);
    expect(inbox.ok).toBe(false);
    expect(inbox.detail).toMatch(/status 200/);
  });
});
