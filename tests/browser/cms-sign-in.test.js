// The CMS's GitHub sign-in online, end to end in Debian's Chromium: the CMS at /admin as the build writes
// it and the site's own response headers (dist/_headers), the cms-auth function under Deno, and a
// stand-in of GitHub's OAuth endpoints (tests/support/github-oauth-stand-in.js), each on its own
// loopback origin. The CMS is configured as online (its GitHub backend, no local_backend), its API calls
// going to the stand-in.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { launchChromium } from "../../dev/chromium.js";
import { runFunction } from "../../dev/local/functions.js";
import { closeServer, listen } from "../../dev/local/servers.js";
import { createStaticServer } from "../../dev/static-server.js";
import { writeAdmin } from "../../site/_lib/admin.js";
import { startGitHubStandIn } from "../support/github-oauth-stand-in.js";
import { DIST, requireBuild } from "../support/site.js";

const APP = { clientId: "Ov23liStandIn0000001", clientSecret: "0123456789abcdef0123456789abcdef01234567" };
/** @type {Awaited<ReturnType<typeof startGitHubStandIn>>} */
let github;
/** @type {import("../../dev/local/functions.js").LocalFunction | undefined} */
let fn;
/** @type {import("node:http").Server | undefined} */
let server;
/** @type {import("playwright-core").Browser | undefined} */
let browser;
let served = "";
let site = "";
let signIn = "";

beforeAll(async () => {
  requireBuild();
  github = await startGitHubStandIn(APP);
  served = mkdtempSync(join(tmpdir(), "cms-sign-in-"));
  cpSync(join(DIST, "_headers"), join(served, "_headers"));
  server = await createStaticServer(served);
  site = `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}`;
  fn = await runFunction("cms-auth", {
    GITHUB_CLIENT_ID: APP.clientId,
    GITHUB_CLIENT_SECRET: APP.clientSecret,
    SITE_URL: site,
    GITHUB_URL: github.url,
  });
  const functions = `http://127.0.0.1:${fn.port}/functions/v1`;
  signIn = `${functions}/cms-auth`;
  // The OAuth app's registered callback URL is the function itself (docs/deploy.md).
  github.setCallbackUrl(signIn);
  await writeAdmin(served, { siteUrl: site, functionsUrl: functions, repo: "firma/hjemmeside" });
  // Online: no local_backend (it only applies on localhost, where this test's site also is), and the
  // GitHub API at the stand-in.
  const configFile = join(served, "admin/config.yml");
  const { local_backend: _local, ...config } = YAML.parse(readFileSync(configFile, "utf8"));
  writeFileSync(configFile, YAML.stringify({ ...config, backend: { ...config.backend, api_root: github.url } }));
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (server) await closeServer(server);
  await fn?.stop();
  await github?.stop();
  if (served) rmSync(served, { recursive: true, force: true });
});

/** A fresh browser profile (its own cookies) at the owner's phone width. */
const newPage = async () =>
  (await /** @type {import("playwright-core").Browser} */ (browser).newContext({ viewport: { width: 390, height: 844 } })).newPage();

describe("signing in to the CMS with GitHub, through the cms-auth function", () => {
  it("hands GitHub's token to the CMS window that asked, never in a URL a server sees", async () => {
    const page = await newPage();
    await page.goto(`${site}/admin`);
    const opened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Log ind med GitHub" }).click();
    const popup = await opened;
    /** @type {string[]} */
    const requested = [];
    popup.on("request", (request) => requested.push(request.url().split("#")[0]));
    await popup.waitForEvent("close");
    // The CMS signs in with the token: its first calls to GitHub's API carry it.
    await expect.poll(() => github.apiCalls.find((call) => call.path === "/repos/firma/hjemmeside")).toBeTruthy();
    expect(github.tokens).toHaveLength(1);
    const [token] = github.tokens;
    expect(github.apiCalls.find((call) => call.path === "/user")?.authorization).toBe(`token ${token}`);
    expect(requested.some((url) => url.startsWith(`${site}/admin/auth`))).toBe(true);
    for (const url of requested) expect(url, "a request carrying the token").not.toContain(token);
    await page.context().close();
  });

  it("refuses a missing or forged state, and a state begun in another browser, before asking GitHub", async () => {
    const exchanges = github.exchanges.length;
    // A state issued to another browser: the function's redirect to GitHub, taken without its cookie.
    const started = await fetch(`${signIn}?provider=github&scope=repo`, { redirect: "manual" });
    const issued = new URL(/** @type {string} */ (started.headers.get("location"))).searchParams.get("state");
    const [nonce, expires] = String(issued).split(".");
    const page = await newPage();
    for (const query of [
      "?code=abc",
      `?code=abc&state=${nonce}.${expires}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      `?code=abc&state=${issued}`,
    ]) {
      const answer = /** @type {import("playwright-core").Response} */ (await page.goto(`${signIn}${query}`));
      expect(answer.status(), query).toBe(403);
      expect(await answer.text(), query).toMatch(/^Login kunne ikke bekræftes/);
    }
    expect(github.exchanges).toHaveLength(exchanges);
    await page.context().close();
  });

  it("gives a window of another origin nothing, even when it opens the page with a token and asks", async () => {
    const page = await newPage();
    await page.goto(`${github.url}/`);
    await page.evaluate(() => {
      const inbox = /** @type {string[]} */ ([]);
      Object.assign(window, { inbox });
      window.addEventListener("message", (event) => inbox.push(String(event.data)));
    });
    const opened = page.waitForEvent("popup");
    await page.evaluate((url) => {
      Object.assign(window, { child: window.open(url) });
    }, `${site}/admin/auth#provider=github&token=gho_secret`);
    const popup = await opened;
    await popup.waitForLoadState("load");
    // The other window answers the handshake as the CMS would; the page hears it and ignores it.
    await popup.evaluate(() => {
      const heard = new Promise((resolve) =>
        window.addEventListener("message", (event) => event.data === "authorizing:github" && resolve(true)),
      );
      Object.assign(window, { heard });
    });
    await page.evaluate(() => /** @type {any} */ (window).child.postMessage("authorizing:github", "*"));
    await popup.evaluate(() => /** @type {any} */ (window).heard);
    // Messages from one window to another arrive in order: once this one is in, anything the page sent is too.
    await popup.evaluate(() => window.opener.postMessage("done", "*"));
    await page.waitForFunction(() => /** @type {any} */ (window).inbox.includes("done"));
    expect(await page.evaluate(() => /** @type {any} */ (window).inbox)).toEqual(["done"]);
    expect(popup.url()).toBe(`${site}/admin/auth`);
    await page.context().close();
  });
});
