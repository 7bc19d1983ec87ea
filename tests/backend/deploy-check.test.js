// The request `npm run verify:deploy` sends: only one carrying the firm's secret (CRON_SECRET, in
// X-Deploy-Check) is a deploy check; it is stored and mailed like any other, every rule applying, and
// labelled in the database and in the e-mail's subject. A wrong secret is refused and stores nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startPostgres15 } from "../support/databases.js";
import { CRON_SECRET, startBackend } from "../support/function.js";
import { requestRows } from "../support/rows.js";
import { VALID } from "./function-suite.js";

describe("a deploy check request", () => {
  let backend;
  let client = 0;
  beforeAll(async () => {
    backend = await startBackend(startPostgres15);
  });
  afterAll(() => backend?.stop());
  beforeEach(async () => {
    await backend.settled();
    await backend.sql`delete from quote_requests`;
    backend.mailbox.clear();
  });
  const post = (headers = {}, body = {}) =>
    fetch(backend.functions.submitUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.6.0.${++client}`, ...headers },
      body: JSON.stringify({ ...VALID, elapsedMs: 60_000, ...body }),
    });

  it("is labelled in the database and in the subject when it carries the firm's secret", async () => {
    expect((await post({ "X-Deploy-Check": CRON_SECRET })).status).toBe(200);
    await backend.settled();
    expect((await requestRows(backend.sql)).map(({ deploy_check, mail }) => ({ deploy_check, mail }))).toEqual([
      { deploy_check: true, mail: "sent" },
    ]);
    const [mail] = await backend.mailbox.all();
    expect(mail.parsed.subject).toBe(`TEST fra npm run verify:deploy: Ny forespørgsel: ${VALID.location}`);
  });

  it("is refused, storing nothing, with a secret that is not the firm's", async () => {
    expect((await post({ "X-Deploy-Check": "a-guess-at-the-secret-0123" })).status).toBe(403);
    expect(await backend.sql`select id from quote_requests`).toHaveLength(0);
  });

  it("gets no way around a rule: an invalid one is refused like any other", async () => {
    expect((await post({ "X-Deploy-Check": CRON_SECRET }, { email: "ikke-en-adresse" })).status).toBe(400);
    expect((await post({ "X-Deploy-Check": CRON_SECRET }, { elapsedMs: 10 })).status).toBe(400);
  });

  it("leaves a customer's request unlabelled, with the usual subject", async () => {
    await post();
    await backend.settled();
    expect((await backend.sql`select deploy_check from quote_requests`)[0].deploy_check).toBe(false);
    expect((await backend.mailbox.all())[0].parsed.subject).toBe(`Ny forespørgsel: ${VALID.location}`);
  });
});
