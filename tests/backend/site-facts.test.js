// The firm's facts reach the backend by the same publish as the pages: the local stack of `npm start`
// serves a site whose /site-facts.json is written as the build writes it (site/_lib/site-facts.js, which
// site/site-facts.11ty.js renders), and a new phone number and retention in the data reach the function's
// answers, the database's retention and the next receipt with no command run. A site that cannot be
// reached, or serves a file that is not valid or larger than 1 MB (read no further, even one that never
// ends), changes nothing; nor does an older build's copy served after a newer one was applied, in an
// instance's memory or in the database (public.save_site_facts, on PostgreSQL 15 too).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PostalMime from "postal-mime";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SECRETS } from "../../dev/local/function-env.js";
import { saveSiteFactsSql } from "../../dev/local/site-facts-sql.js";
import { startLocalStack } from "../../dev/local/stack.js";
import { loadData } from "../../site/_lib/load-data.js";
import { siteFactsFile } from "../../site/_lib/site-facts.js";
import { createSiteFacts } from "../../supabase/functions/_shared/site-facts.ts";
import { VALID } from "./function-suite.js";
import { withPostgres15 } from "../support/databases.js";
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

/** The facts file a build makes of `data`, built at `builtAt`, as one line. */
const fileText = (/** @type {any} */ data, /** @type {Date} */ builtAt = new Date()) => JSON.stringify(siteFactsFile(data, areas, builtAt));
/** How many times the functions logged `event` after `from` chunks of output. */
const times = (/** @type {string} */ event, /** @type {number} */ from) =>
  output.slice(from).join("").split(`"event":"${event}"`).length - 1;
/** The most a read of the facts takes in (supabase/functions/_shared/site-facts.ts). */
const LIMIT = 1_048_576;

/**
 * A server of this machine whose every answer is `answer(response)`; `closed` lists, per request, how
 * many bytes it had handed to the connection when the reader closed it.
 * @param {(response: import("node:http").ServerResponse, wrote: (bytes: number) => void) => void} answer
 */
async function siteServer(answer) {
  const closed = /** @type {number[]} */ ([]);
  const server = createServer((_request, response) => {
    let written = 0;
    response.on("close", () => closed.push(written));
    answer(response, (bytes) => (written += bytes));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/site-facts.json`,
    closed,
    stop: () => new Promise((resolve) => server.close(resolve).closeAllConnections()),
  };
}

/** An instance of this process reading `url`, its log in `logs`. */
function instance(/** @type {string} */ url) {
  const logs = /** @type {Record<string, unknown>[]} */ ([]);
  return { logs, facts: createSiteFacts(/** @type {any} */ (sql), { url, ttlMs: 60_000, log: (fields) => logs.push(fields) }) };
}

describe("a facts file larger than 1 MB", () => {
  it("published whole (valid, padded past 1 MB) changes nothing and is logged, and the answers keep the last good copy", async () => {
    const before = await stored();
    const file = siteFactsFile({ ...business, phone: { ...business.phone, display: "11 22 33 44" } }, areas);
    const from = output.length;
    publish(JSON.stringify({ ...file, padding: "x".repeat(2 * LIMIT) }));
    try {
      await scheduledRun();
      await logged("site_facts_too_large", from);
      expect(output.slice(from).join("")).toContain(`"limit":${LIMIT}`);
      expect(await stored()).toEqual(before);
      expect(await refusal()).not.toContain("11 22 33 44");
    } finally {
      publish(built());
    }
  });

  it("a body that never ends is read no further than the limit: the read stops, is logged, and the database's copy is used", async () => {
    const chunk = Buffer.from("x".repeat(65_536));
    // Never ends: it writes as fast as the reader reads, up to 64 MB, then keeps the connection open.
    const endless = await siteServer((response, wrote) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write('{"version":1,"padding":"');
      let total = 0;
      const more = () => {
        while (total < 64 * LIMIT && !response.destroyed) {
          total += chunk.length;
          wrote(chunk.length);
          if (!response.write(chunk)) return void response.once("drain", more);
        }
      };
      more();
    });
    try {
      const { logs, facts } = instance(endless.url);
      const started = Date.now();
      await facts.refresh();
      // Well before the read's 5 s timeout: the limit stopped it, not the clock.
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(logs).toContainEqual({ event: "site_facts_too_large", level: "error", limit: LIMIT });
      await expect.poll(() => endless.closed.length).toBe(1);
      expect(endless.closed[0]).toBeLessThan(16 * LIMIT);
      expect((await facts.current())?.hash).toBe((await stored()).hash);
    } finally {
      await endless.stop();
    }
  });

  it("a Content-Length past the limit is refused at once, before any of the body is read", async () => {
    // Announces 2 MB, sends none of it and keeps the connection open.
    const announced = await siteServer((response) => {
      response.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(2 * LIMIT) });
      response.flushHeaders();
    });
    try {
      const { logs, facts } = instance(announced.url);
      const started = Date.now();
      await facts.refresh();
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(logs).toContainEqual({ event: "site_facts_too_large", level: "error", limit: LIMIT });
      await expect.poll(() => announced.closed.length).toBe(1);
    } finally {
      await announced.stop();
    }
  });
});

describe("an older build's copy (a stale CDN copy) served after a newer one was applied", () => {
  it("changes neither the phone number of the answers nor the retention in the database, and is logged stale", async () => {
    const newer = siteFactsFile(edited, areas);
    publish(JSON.stringify(newer));
    await scheduledRun();
    await expect.poll(refusal, { timeout: 15_000 }).toContain(NEW_PHONE);
    const before = await stored();
    expect(before.hash).toBe(newer.hash);

    const olderBuiltAt = new Date(Date.parse(newer.builtAt) - 3_600_000);
    const from = output.length;
    publish(fileText(business, olderBuiltAt));
    try {
      await scheduledRun();
      await logged("site_facts_stale", from);
      expect(output.slice(from).join("")).toContain(`"builtAt":"${olderBuiltAt.toISOString()}"`);
      expect(output.slice(from).join("")).toContain(newer.builtAt);
      expect(await stored()).toEqual(before);
      // send-contact-email rereads it too (once a second here) and keeps its newer copy.
      const answers = /** @type {string[]} */ ([]);
      await expect
        .poll(
          async () => {
            answers.push(await refusal());
            return times("site_facts_stale", from);
          },
          { timeout: 15_000, interval: 300 },
        )
        .toBeGreaterThanOrEqual(2);
      for (const answer of answers) expect(answer).toContain(NEW_PHONE);
      expect(await stored()).toEqual(before);

      // A new instance that reads the old copy first takes the database's newer one instead.
      const { logs, facts } = instance(`${stack.siteUrl}/site-facts.json`);
      await facts.refresh();
      expect((await facts.current())?.facts.phone).toBe(NEW_PHONE);
      expect((await facts.current())?.hash).toBe(newer.hash);
      expect(logs).toContainEqual(
        expect.objectContaining({ event: "site_facts_stale", builtAt: olderBuiltAt.toISOString(), heldBuiltAt: newer.builtAt }),
      );
      expect(await stored()).toEqual(before);
    } finally {
      publish(built());
      await scheduledRun();
    }
    expect((await stored()).receipt).toBe(business.phone.display);
  });
});

describe("public.save_site_facts on PostgreSQL 15", () => {
  const db = withPostgres15();
  /** Everything a save may change: the copy (with when it was read), the retention and the receipt's settings. */
  const held = async () =>
    (
      await db.sql`select (select to_jsonb(f) from site_facts f) as copy, (select to_jsonb(t) from retention_settings t) as retention,
        (select to_jsonb(r) from receipt_settings r) as receipt`
    )[0];
  const save = async (/** @type {ReturnType<typeof siteFactsFile>} */ file) =>
    (await db.sql.unsafe(saveSiteFactsSql(file)))[0].save_site_facts;

  it("refuses a copy older than the one it holds: the row, the retention and the receipt's settings stay as they were", async () => {
    const newer = siteFactsFile(edited, areas);
    expect(await save(newer)).toBe("applied");
    const before = await held();
    expect(before.copy.hash).toBe(newer.hash);
    const older = siteFactsFile(business, areas, new Date(Date.parse(newer.builtAt) - 1_000));
    expect(await save(older)).toBe("stale");
    expect(await held()).toEqual(before);
  });

  it("answers 'same' for the copy it holds, keeping the later build time, and applies a copy of the same build time with another hash", async () => {
    const file = siteFactsFile(business, areas, new Date(Date.now() + 60_000));
    expect(await save(file)).toBe("applied");
    const earlier = new Date(Date.parse(file.builtAt) - 1_000);
    expect(await save({ ...file, builtAt: earlier.toISOString() })).toBe("same");
    expect(new Date((await held()).copy.built_at).toISOString()).toBe(file.builtAt);
    // Two builds in the same millisecond do not happen: the copy read last is taken (site-facts.ts).
    const sameTime = siteFactsFile(edited, areas, new Date(file.builtAt));
    expect(await save(sameTime)).toBe("applied");
    expect((await held()).copy.hash).toBe(sameTime.hash);
  });
});
