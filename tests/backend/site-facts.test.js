// The firm's facts reach the backend by the same publish as the pages: the local stack of `npm start`
// serves a site whose /site-facts.json is written as the build writes it (site/_lib/site-facts.js, which
// site/site-facts.11ty.js renders), and a new phone number and retention in the data reach the function's
// answers, the database's retention and the next receipt with no command run. A site that cannot be
// reached, or serves a file that is not valid, changes nothing.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PostalMime from "postal-mime";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SECRETS } from "../../dev/local/function-env.js";
import { startLocalStack } from "../../dev/local/stack.js";
import { loadData } from "../../site/_lib/load-data.js";
import { siteFactsFile } from "../../site/_lib/site-facts.js";
import { createSiteFacts } from "../../supabase/functions/_shared/site-facts.ts";
import { VALID } from "./function-suite.js";
import { refusalOf } from "../support/function.js";

const business = loadData("business");
const areas = loadData("areas");
const NEW_PHONE = "98 76 54 32";
const edited = {
  ...business,
  phone: { ...business.phone, display: NEW_PHONE },
  privacy: { ...business.privacy, requestRetentionMonths: business.privacy.requestRetentionMonths + 1, clientDataRetentionDays: 5 },
};

let dir = "";
let served = "";
/** @type {Awaited<ReturnType<typeof startLocalStack>>} */
let stack;
/** @type {import("postgres").Sql} */
let sql;
/** What the functions logged, one entry per chunk. */
const output = /** @type {string[]} */ ([]);

/** Publishes a site whose facts file is `text` (or the build's file of `data`); null takes the file away. */
const publish = (/** @type {string | null} */ text) =>
  text === null ? rmSync(join(served, "site-facts.json"), { force: true }) : writeFileSync(join(served, "site-facts.json"), text);
const built = (/** @type {any} */ data = business) => `${JSON.stringify(siteFactsFile(data, areas), null, 2)}\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "site-facts-"));
  served = join(dir, "site");
  mkdirSync(served);
  // The site's header rules, as the build writes them (the static server reads them at start).
  writeFileSync(join(served, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n");
  publish(built());
  stack = await startLocalStack({
    distDir: served,
    dataDir: join(dir, "data"),
    ports: { site: 0, api: 0, db: 0, inbox: 0, smtp: 0 },
    // The test runs the schedule's call itself.
    retryEveryMs: 3_600_000,
    print: () => {},
    onFunctionOutput: (_name, text) => output.push(text),
    // Each instance rereads the file once a second at most, so an answer follows a publish quickly.
    functionEnv: { SITE_FACTS_TTL_SECONDS: "1" },
  });
  sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The scheduled retry's call, as Supabase Cron makes it; resolves once its run is done. */
async function scheduledRun() {
  const response = await fetch(`${stack.apiUrl}/functions/v1/retry-quote-emails`, {
    method: "POST",
    headers: { Authorization: `Bearer ${LOCAL_SECRETS.CRON_SECRET}` },
  });
  expect(response.status).toBe(200);
}
const refusal = () => refusalOf(stack.apiUrl);
/** What the database holds: its copy's hash, its retention and the receipt's phone number. */
const stored = async () => {
  const [row] = await sql`select f.hash, r.receipt, extract(epoch from t.quote_requests)::bigint as requests,
      extract(epoch from t.client_data)::bigint as client
    from site_facts f, (select facts ->> 'phone' as receipt from receipt_settings) r, retention_settings t`;
  return row;
};
/** The periods as the database computes them. */
const periods = async (/** @type {number} */ months, /** @type {number} */ days) =>
  (
    await sql`select extract(epoch from make_interval(months => ${months}))::bigint as requests,
      extract(epoch from make_interval(days => ${days}))::bigint as client`
  )[0];
/** The texts of the e-mails the mail catcher kept. */
const mails = async () =>
  Promise.all(
    readdirSync(join(dir, "data/mail"))
      .filter((name) => name.endsWith(".eml"))
      .map(async (name) => (await PostalMime.parse(readFileSync(join(dir, "data/mail", name)))).text ?? ""),
  );
/** Resolves once the functions have logged `event` after `from` chunks of output. */
const logged = (/** @type {string} */ event, /** @type {number} */ from) =>
  expect.poll(() => output.slice(from).join(""), { timeout: 15_000 }).toContain(`"event":"${event}"`);

describe("the firm's facts, published by the site", () => {
  it("answer which copy the function uses, by hash and build time only", async () => {
    const response = await fetch(`${stack.apiUrl}/functions/v1/send-contact-email?facts`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["builtAt", "hash"]);
    expect(body.hash).toBe(siteFactsFile(business, areas).hash);
  });

  it("a new phone number and retention, published, reach the answers, the database and the next receipt with no command", async () => {
    expect(await refusal()).toContain(business.phone.display);
    const file = siteFactsFile(edited, areas);
    publish(`${JSON.stringify(file)}\n`);
    await scheduledRun();
    expect(await stored()).toEqual({
      hash: file.hash,
      receipt: NEW_PHONE,
      ...(await periods(edited.privacy.requestRetentionMonths, edited.privacy.clientDataRetentionDays)),
    });
    await expect.poll(refusal, { timeout: 15_000 }).toContain(NEW_PHONE);
    const sent = await fetch(`${stack.apiUrl}/functions/v1/send-contact-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: stack.siteUrl },
      body: JSON.stringify({ ...VALID, email: "ny.kunde@example.dk", elapsedMs: 60_000 }),
    });
    expect(sent.status).toBe(200);
    const receipt = async () => (await mails()).find((text) => text.startsWith("Tak for din forespørgsel.")) ?? "";
    await expect.poll(receipt, { timeout: 15_000 }).toContain(`ring på ${NEW_PHONE}`);
    expect(await receipt()).not.toContain(business.phone.display);
  });

  it("a site that cannot be reached changes nothing, and a new instance uses the database's last good copy", async () => {
    const before = await stored();
    const from = output.length;
    publish(null);
    await scheduledRun();
    await logged("site_facts_unreachable", from);
    expect(await stored()).toEqual(before);
    expect(await refusal()).toContain(NEW_PHONE);

    const fresh = createSiteFacts(/** @type {any} */ (sql), { url: `${stack.siteUrl}/site-facts.json`, ttlMs: 60_000, log: () => {} });
    expect((await fresh.current())?.facts.phone).toBe(NEW_PHONE);
    expect((await fresh.current())?.hash).toBe(before.hash);
  });

  it("a file that is not valid is ignored and logged: not JSON, cut short, edited by hand, or of facts the functions cannot use", async () => {
    const before = await stored();
    const file = siteFactsFile(business, areas);
    const invalid = [
      "<!doctype html><title>Siden findes ikke</title>",
      built(business).slice(0, 200),
      JSON.stringify({ ...file, facts: { ...file.facts, phone: "11 11 11 11" } }),
      JSON.stringify(siteFactsFile({ ...business, phone: { ...business.phone, display: "" } }, areas)),
    ];
    for (const text of invalid) {
      const from = output.length;
      publish(text);
      await scheduledRun();
      await logged("site_facts_invalid", from);
      expect(await stored()).toEqual(before);
    }
    expect(await refusal()).toContain(NEW_PHONE);
    publish(built());
    await scheduledRun();
    expect((await stored()).receipt).toBe(business.phone.display);
  });
});
