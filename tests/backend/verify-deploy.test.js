// `npm run verify:deploy` against the local stack (the site built against it, the functions under
// Deno, PGlite, the local SMTP server): it passes on the stack as it is, and each thing broken on its own
// fails the one matching check with what was seen and what to do.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAgainst } from "../../dev/local/build.js";
import { LOCAL_SECRETS } from "../../dev/local/function-env.js";
import { startLocalStack } from "../../dev/local/stack.js";
import { verifyDeploy } from "../../operator/verify-deploy/index.js";
import { TEST_SMS_TITLE } from "../../operator/verify-deploy/sms-check.js";
import { siteFactsFile } from "../../site/_lib/site-facts.js";
import { requestRows } from "../support/rows.js";
import { areas, business, keepPhotos } from "../support/site.js";

/**
 * The local stack with the site built against it into `built`, served from a copy (`served`) that a
 * test can break; `functionEnv` is added to the functions' environment.
 */
async function startVerifyStack(functionEnv = {}) {
  const dir = await mkdtemp(join(tmpdir(), "verify-deploy-"));
  const built = join(dir, "built");
  const served = join(dir, "served");
  keepPhotos(built);
  const stack = await startLocalStack({
    distDir: served,
    // What the firm uploads is what was built; the test breaks the uploaded copy, never the build.
    build: async (apiUrl) => {
      await buildAgainst(apiUrl, { siteDir: built, widgetsDir: join(dir, "widgets") });
      await cp(built, served, { recursive: true });
    },
    ports: { site: 0, api: 0, db: 0, smtp: 0, inbox: 0 },
    // The scheduled run would read a site-facts.json a test publishes: the checks run before any does.
    retryEveryMs: 3_600_000,
    print: () => {},
    onFunctionOutput: () => {},
    // One test request per run, all from this machine: the spam limits are tested elsewhere.
    // Each instance reads the site's facts once an hour: a test's publish is read by none.
    functionEnv: {
      RATE_LIMIT_PER_CLIENT: "1000",
      RATE_LIMIT_PER_EMAIL: "1000",
      RATE_LIMIT_PER_EMAIL_TOTAL: "1000",
      RATE_LIMIT_PER_PHONE_TOTAL: "1000",
      SITE_FACTS_TTL_SECONDS: "3600",
      ...functionEnv,
    },
  });
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  return {
    dir,
    built,
    served,
    stack,
    sql,
    siteUrl: stack.siteUrl,
    functionsUrl: `${stack.apiUrl}/functions/v1`,
    /** verify:deploy as the firm runs it against this stack, with `overrides`. */
    verify: (overrides = {}) =>
      verifyDeploy({
        siteUrl: stack.siteUrl,
        functionsUrl: `${stack.apiUrl}/functions/v1`,
        cronSecret: LOCAL_SECRETS.CRON_SECRET,
        databaseUrl: stack.databaseUrl,
        distDir: built,
        ...overrides,
      }),
    async stop() {
      await sql.end({ timeout: 1 });
      await stack.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let local;
let dir;
let built;
let served;
let stack;
let sql;
let siteUrl;
let functionsUrl;
beforeAll(async () => {
  local = await startVerifyStack();
  ({ dir, built, served, stack, sql, siteUrl, functionsUrl } = local);
});
afterAll(() => local?.stop());

const verify = (overrides = {}) =>
  verifyDeploy({
    siteUrl,
    functionsUrl,
    cronSecret: LOCAL_SECRETS.CRON_SECRET,
    databaseUrl: stack.databaseUrl,
    distDir: built,
    ...overrides,
  });
const failed = (checks) => checks.filter((check) => !check.ok);

describe("npm run verify:deploy against the local stack", () => {
  it("passes every check, and the test request is stored, e-mailed and labelled as a deploy check", async () => {
    const checks = await verify();
    expect(failed(checks)).toEqual([]);
    expect((await requestRows(sql)).at(-1)).toMatchObject({ deploy_check: true, mail: "sent" });
  });

  it("sends the firm no SMS for its test request unless asked, and one test SMS with --sms", async () => {
    const before = stack.sms.length;
    // The state of the newest request's SMS; null: none was ever queued for it.
    const lastSms = async () =>
      (
        await sql`select (select d.state from deliveries d where d.request_id = q.id and d.channel = 'sms') as state
        from quote_requests q order by q.received_at desc limit 1`
      )[0]?.state;
    expect(failed(await verify())).toEqual([]);
    expect(await lastSms()).toBeNull();
    const asked = await verify({ sms: true });
    expect(failed(asked)).toEqual([]);
    expect(asked.map((check) => check.title)).toContain(TEST_SMS_TITLE);
    expect(await lastSms()).toBe("sent");
    expect(stack.sms.slice(before).map((sms) => sms.message)).toEqual([expect.stringMatching(/^TEST: Test fra verify deploy, /)]);
  });

  it("prints each check and exits 0 as the command the firm runs", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/verify-deploy.js", siteUrl, functionsUrl], {
      env: { ...process.env, CRON_SECRET: LOCAL_SECRETS.CRON_SECRET, SUPABASE_DB_URL: stack.databaseUrl, VERIFY_DEPLOY_DIST: built },
    });
    expect(stdout).toMatch(/^✓ Every page answers 200/m);
    expect(stdout).toMatch(/All \d+ checks passed\./);
  });

  it("fails the test request with a secret the function does not hold, and says which secret to use", async () => {
    const problems = failed(await verify({ cronSecret: "not-the-function-secret-0123" }));
    expect(problems.map((check) => check.title)).toEqual([expect.stringMatching(/^A test request is stored/)]);
    expect(problems[0].fix).toContain("CRON_SECRET");
  });

  it("fails the 404 check when the host has no 404 page", async () => {
    await rename(join(served, "404.html"), join(dir, "404.html"));
    try {
      const problems = failed(await verify());
      expect(problems.map((check) => check.title)).toEqual(["An unknown address gets the 404 page with status 404"]);
    } finally {
      await rename(join(dir, "404.html"), join(served, "404.html"));
    }
  });

  it("fails the page check when the host changes a page (an injected script)", async () => {
    const page = join(served, "om-os.html");
    const original = await readFile(page, "utf8");
    await writeFile(page, original.replace("</body>", '<script src="/cdn-cgi/scripts/email-decode.min.js"></script></body>'));
    await rm(`${page}.br`, { force: true });
    await rm(`${page}.gz`, { force: true });
    try {
      const problems = failed(await verify());
      expect(problems.map((check) => check.title)).toEqual([expect.stringMatching(/^Every page answers 200 with exactly what was built/)]);
      expect(problems[0].detail).toContain("/om-os differs from dist/");
    } finally {
      await writeFile(page, original);
    }
  });

  it("fails the embed check when the partner embed is not on the host", async () => {
    const embed = join(served, "widgets", "quote-form.embed.js");
    const aside = join(dir, "quote-form.embed.js");
    await rename(embed, aside);
    try {
      // Its own rule in _headers (a short cache) cannot be served either.
      const problems = failed(await verify());
      expect(problems.map((check) => check.title)).toEqual([
        expect.stringMatching(/^The headers of dist\/_headers are served/),
        "The partner embed loads as a module from another site",
      ]);
      expect(problems[0].detail).toMatch(/^\/widgets\/quote-form\.embed\.js: Cache-Control/);
      expect(problems[1].detail).toMatch(/^status 404/);
    } finally {
      await rename(aside, embed);
    }
  });

  it("fails the retention check when the database keeps requests longer than the privacy page says", async () => {
    const [before] = await sql`select quote_requests from retention_settings`;
    await sql`update retention_settings set quote_requests = interval '24 months'`;
    try {
      const problems = failed(await verify());
      expect(problems.map((check) => check.title)).toEqual([expect.stringMatching(/^The database deletes requests after \d+ months/)]);
      expect(problems[0].fix).toMatch(/update retention_settings/);
    } finally {
      await sql`update retention_settings set quote_requests = ${before.quote_requests}`;
    }
  });

  it("says when the function's copy of the site's facts is older than the site's, until the function reads it", async () => {
    const file = join(served, "site-facts.json");
    const before = await readFile(file, "utf8");
    // A later publish with another fact, which the function has not read yet (it rereads every hour here).
    const builtAt = new Date(Date.parse(JSON.parse(before).builtAt) + 60_000);
    const later = siteFactsFile(
      { ...business, responseTimes: { ...business.responseTimes, quoteAfterInspection: "inden for en uge" } },
      areas,
      builtAt,
    );
    // The build's compressed copies would still be served as the old file: the new publish has its own.
    const compressed = [".br", ".gz"];
    for (const suffix of compressed) await rename(`${file}${suffix}`, join(dir, `site-facts.json${suffix}`));
    await writeFile(file, JSON.stringify(later));
    try {
      const problems = failed(await verify());
      expect(problems.map((check) => check.title)).toEqual([
        "The function uses the site's facts as the site publishes them (/site-facts.json)",
      ]);
      expect(problems[0].detail).toMatch(/: the function's copy is older than the site's$/);
      expect(problems[0].detail).toContain(later.hash.slice(0, 12));
    } finally {
      await writeFile(file, before);
      for (const suffix of compressed) await rename(join(dir, `site-facts.json${suffix}`), `${file}${suffix}`);
    }
  });

  it("fails the form's target when the functions URL given is not the one the site posts to", async () => {
    const problems = failed(await verify({ functionsUrl: "http://127.0.0.1:9/functions/v1" }));
    // The inbox's checks ask the project given, which answers nothing.
    expect(problems.map((check) => check.title)).toEqual([
      expect.stringMatching(/^The site's form posts to the function at http:\/\/127\.0\.0\.1:9\//),
      expect.stringMatching(/^The inbox's sign-in/),
      expect.stringMatching(/^The inbox function refuses/),
    ]);
  });
});
