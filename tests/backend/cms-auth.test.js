// The cms-auth function's rules, in process against the GitHub stand-in: what the browser test cannot
// reach (a state past its lifetime, GitHub refusing the code, a wrong provider or scope) and the settings
// it refuses to start with. The whole sign-in in a browser: tests/browser/cms-sign-in.test.js.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCmsAuthConfig } from "../../supabase/functions/cms-auth/config.ts";
import { createCmsAuthHandler, STATE_TTL_SECONDS } from "../../supabase/functions/cms-auth/handler.ts";
import { startGitHubStandIn } from "../support/github-oauth-stand-in.js";

const APP = { clientId: "Ov23liStandIn0000001", clientSecret: "0123456789abcdef0123456789abcdef01234567" };
const SITE = "https://www.elektriker.example";
const FUNCTION = "https://project.supabase.co/functions/v1/cms-auth";
/** @type {Awaited<ReturnType<typeof startGitHubStandIn>>} */
let github;
let clock = Date.now();
/** @type {string[]} */
const logged = [];
/** @type {(request: Request) => Promise<Response>} */
let handle;

beforeAll(async () => {
  github = await startGitHubStandIn(APP);
  github.setCallbackUrl(FUNCTION);
  const config = parseCmsAuthConfig({
    GITHUB_CLIENT_ID: APP.clientId,
    GITHUB_CLIENT_SECRET: APP.clientSecret,
    SITE_URL: SITE,
    GITHUB_URL: github.url,
  });
  handle = createCmsAuthHandler({ config, log: (fields) => logged.push(JSON.stringify(fields)), now: () => clock });
});
afterAll(() => github?.stop());

/** The start: the redirect to GitHub's consent page and the cookie that ties its state to this browser. */
async function start(query = "?provider=github&scope=repo") {
  const answer = await handle(new Request(`${FUNCTION}${query}`));
  const authorize = new URL(/** @type {string} */ (answer.headers.get("location")));
  const cookie = String(answer.headers.get("set-cookie")).split(";")[0];
  return { answer, authorize, cookie };
}

/** GitHub's side: the consent page sends the browser back with a code (the stand-in's redirect). */
async function consent(/** @type {URL} */ authorize) {
  const back = await fetch(authorize, { redirect: "manual" });
  return new URL(/** @type {string} */ (back.headers.get("location")));
}

const finish = (/** @type {URL} */ callback, /** @type {string} */ cookie) => handle(new Request(callback, { headers: { cookie } }));

describe("the cms-auth function", () => {
  it("sends the token to the site's /admin/auth in the fragment, once the state and its cookie match", async () => {
    const { authorize, cookie } = await start();
    expect(authorize.origin).toBe(github.url);
    expect(authorize.searchParams.get("client_id")).toBe(APP.clientId);
    expect(authorize.searchParams.has("redirect_uri")).toBe(false);
    const answer = await finish(await consent(authorize), cookie);
    expect(answer.status).toBe(302);
    const location = new URL(/** @type {string} */ (answer.headers.get("location")));
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(`${SITE}/admin/auth`);
    expect(new URLSearchParams(location.hash.slice(1)).get("token")).toBe(github.tokens.at(-1));
    expect(answer.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  it("refuses a state past its lifetime", async () => {
    const { authorize, cookie } = await start();
    const callback = await consent(authorize);
    clock += (STATE_TTL_SECONDS + 1) * 1000;
    const answer = await finish(callback, cookie);
    clock = Date.now();
    expect(answer.status).toBe(403);
    expect(await answer.text()).toMatch(/^Login kunne ikke bekræftes/);
  });

  it("tells the owner in Danish when GitHub refuses, and logs GitHub's error code, never the code or a secret", async () => {
    const { authorize, cookie } = await start();
    const callback = await consent(authorize);
    callback.searchParams.set("code", "used-or-made-up");
    const answer = await finish(callback, cookie);
    expect(answer.status).toBe(502);
    expect(await answer.text()).toBe("GitHub svarede ikke som ventet. Luk vinduet, og prøv igen om lidt.\n");
    expect(logged.at(-1)).toContain('"error":"bad_verification_code"');
    for (const line of logged)
      for (const secret of [APP.clientSecret, "used-or-made-up", ...github.tokens]) expect(line).not.toContain(secret);
  });

  it("asks GitHub only for the scopes the CMS uses, and only for GitHub", async () => {
    expect((await start("?provider=github&scope=public_repo")).authorize.searchParams.get("scope")).toBe("public_repo");
    expect((await start("?provider=github&scope=admin:org,delete_repo")).authorize.searchParams.get("scope")).toBe("repo");
    const other = await handle(new Request(`${FUNCTION}?provider=gitlab`));
    expect(other.status).toBe(400);
    expect(await other.text()).toMatch(/^Login er kun sat op med GitHub/);
  });

  it("refuses to start without its secrets, naming each and showing none", () => {
    expect(() => parseCmsAuthConfig({ SITE_URL: SITE, GITHUB_CLIENT_SECRET: "short" })).toThrow(
      /GITHUB_CLIENT_ID: .*\n.*GITHUB_CLIENT_SECRET: must be the OAuth app's client secret/s,
    );
    expect(() => parseCmsAuthConfig({ ...APP, SITE_URL: SITE })).toThrow(/GITHUB_CLIENT_ID/);
  });
});
