// A save in the CMS, in the running stack of `npm start`: decap-server commits it (as the CMS's
// "Publicer nu" does, through its API), the stack builds the site again as a host does on each push, and
// the new phone number and retention reach the pages, the function's answers and the database's
// retention with no command run. A commit the build refuses leaves the last build served, and says why.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../dev/local/free-port.js";
import { startLocalStack } from "../../dev/local/stack.js";
import { scratchCopy, buildCopy } from "../support/scratch-copy.js";
import { business, requireBuild } from "../support/site.js";
import { refusalOf } from "../support/function.js";

const NEW_PHONE = "98 76 54 32";
const MONTHS = business.privacy.requestRetentionMonths + 6;
const BUSINESS_FILE = "site/_data/business.yaml";
/** How long a build after a commit may take on a loaded machine. */
const BUILT_WITHIN = { timeout: 180_000, interval: 500 };

let dir = "";
let cmsApi = "";
/** @type {Awaited<ReturnType<typeof startLocalStack>>} */
let stack;
/** @type {import("postgres").Sql} */
let sql;
/** What the stack printed. */
const printed = /** @type {string[]} */ ([]);

const git = (/** @type {string[]} */ ...args) => execFileSync("git", args, { cwd: dir, encoding: "utf8" }).trim();

beforeAll(async () => {
  requireBuild();
  dir = scratchCopy("publish-on-commit-", { git: true });
  const cmsPort = await freePort();
  cmsApi = `http://127.0.0.1:${cmsPort}/api/v1`;
  stack = await startLocalStack({
    distDir: join(dir, "dist"),
    build: async (apiUrl) => {
      const built = await buildCopy(dir, { SITE_BACKEND_URL: apiUrl });
      if (built.code !== 0) throw new Error(built.output);
    },
    ports: { site: 0, api: 0, db: 0, smtp: 0 },
    cmsRepo: dir,
    cmsPort,
    // The scheduled retry reads the site's facts on every run: once a second here.
    retryEveryMs: 1_000,
    print: (line) => printed.push(line),
    onFunctionOutput: () => {},
    functionEnv: { SITE_FACTS_TTL_SECONDS: "1" },
  });
  sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
}, 300_000);
afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const refusal = () => refusalOf(stack.apiUrl);
const home = async () => (await fetch(`${stack.siteUrl}/`)).text();
const retentionMonths = async () =>
  Number(
    (await sql`select extract(month from quote_requests) + 12 * extract(year from quote_requests) as months from retention_settings`)[0]
      ?.months,
  );

describe("a save in the CMS of the running stack", () => {
  it("builds the site again, and its new phone number and retention reach the pages, the answers and the database", async () => {
    expect(await refusal()).toContain(business.phone.display);
    const commits = Number(git("rev-list", "--count", "HEAD"));
    const yaml = readFileSync(join(dir, BUSINESS_FILE), "utf8")
      .replace(/^phone: .*$/m, `phone: ${NEW_PHONE}`)
      .replace(/^( {2}requestRetentionMonths:) \d+$/m, `$1 ${MONTHS}`);
    // The request the CMS sends when the owner presses "Publicer nu" on Firmaoplysninger (its proxy backend).
    const saved = await fetch(cmsApi, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        action: "persistEntry",
        params: {
          branch: "main",
          dataFiles: [{ slug: "business", path: BUSINESS_FILE, raw: yaml }],
          assets: [],
          options: { collectionName: "settings", commitMessage: "Opdater Firmaoplysninger (CMS)", useWorkflow: false, status: "draft" },
        },
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(Number(git("rev-list", "--count", "HEAD"))).toBe(commits + 1);

    await expect.poll(home, BUILT_WITHIN).toContain(`tel:+45${NEW_PHONE.replaceAll(" ", "")}`);
    expect(await home()).not.toContain(`tel:${business.phone.e164}`);
    await expect.poll(refusal, { timeout: 30_000 }).toContain(NEW_PHONE);
    await expect.poll(retentionMonths, { timeout: 30_000 }).toBe(MONTHS);
    expect(printed.join("\n")).toContain("a new commit: building the site again");
  }, 300_000);

  it("keeps serving the last build when a commit is one the build refuses, and prints why", async () => {
    await stack.published();
    const before = await home();
    const file = join(dir, BUSINESS_FILE);
    writeFileSync(file, readFileSync(file, "utf8").replace(/^phone: .*$/m, "phone: 12 34"));
    git("commit", "-q", "-am", "Et forkert nummer");
    await expect.poll(() => printed.join("\n"), BUILT_WITHIN).toContain("not built again, the last build is served");
    expect(printed.join("\n")).toMatch(/Fejl i site\/_data\/business\.yaml[^\n]*\n\s+Telefonnummer: skal være et dansk telefonnummer/);
    expect(await home()).toBe(before);
  }, 300_000);
});
