// The two ways mail can leave Supabase (it refuses outgoing connections to ports 25 and 587): SMTP over
// implicit TLS on 465, verified against a certificate only this test's Deno trusts, and an HTTP e-mail
// API (Resend's), here a local stand-in that answers as the API does. The retry, the permanent-failure
// rule and the alert behave the same with the API as with SMTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeTestCertificate } from "../../dev/local/certificate.js";
import { runFunction } from "../../dev/local/functions.js";
import { startAlertWebhook } from "../support/alert-webhook.js";
import { startPostgres15 } from "../support/databases.js";
import { CRON_SECRET, functionEnv, MAIL_TO, startBackend } from "../support/function.js";
import { startMailApiStandIn } from "../support/mail-api-stand-in.js";
import { dueNow, requestRows, waitForRow } from "../support/rows.js";
import { startTlsMailbox } from "../support/tls-mailbox.js";
import postgres from "postgres";

const REQUEST = {
  name: 'Jens "Jensen" Hansen',
  phone: "+45 12 34 56 78",
  email: "jens.hansen@example.dk",
  location: "Køge",
  message: "Vi skal have skiftet eltavlen i vores villa fra 1972.",
  elapsedMs: 60_000,
};
let client = 0;
const post = (url) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.9.0.${++client}` },
    body: JSON.stringify(REQUEST),
  });

describe("a mail setting the platform blocks", () => {
  it("stops each function at start under Deno, naming the port and the rule", async () => {
    const database = { url: "postgres://postgres@127.0.0.1:9/postgres", poolMax: 1 };
    for (const name of ["send-contact-email", "retry-quote-emails"]) {
      await expect(runFunction(name, functionEnv(database, "smtp://user:pass@smtp.office365.com"))).rejects.toThrow(
        /SMTP_URL: port 587 \(the default of smtp:\/\/\) is blocked: Supabase Edge Functions may not connect out to ports 25 and 587/,
      );
    }
  });
});

describe("SMTP over implicit TLS (smtps://) under Deno", () => {
  let certificate;
  let database;
  let mailbox;
  let sql;
  beforeAll(async () => {
    certificate = makeTestCertificate();
    database = await startPostgres15();
    mailbox = await startTlsMailbox(certificate);
    sql = postgres(database.url, { max: 1, prepare: false, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await mailbox?.stop();
    await database?.stop();
    certificate?.remove();
  });

  it("refuses a server whose certificate it was not told to trust: verification is on", async () => {
    const fn = await runFunction("send-contact-email", functionEnv(database, mailbox.url));
    try {
      const answer = await post(`http://127.0.0.1:${fn.port}/send-contact-email`);
      expect(answer.status).toBe(200);
      const { id } = await answer.json();
      const row = await waitForRow(sql, (rows) => rows.find((r) => r.id === id && r.attempts === 1 && r.mail !== "sending"));
      expect(row.mail).toBe("due");
      expect(await mailbox.all()).toHaveLength(0);
    } finally {
      await fn.stop();
    }
  });

  it("delivers the firm's e-mail to a server it trusts through DENO_CERT", async () => {
    const fn = await runFunction("send-contact-email", functionEnv(database, mailbox.url, { DENO_CERT: certificate.caFile }));
    try {
      const answer = await post(`http://127.0.0.1:${fn.port}/send-contact-email`);
      const { id } = await answer.json();
      await waitForRow(sql, (rows) => rows.find((r) => r.id === id && r.mail === "sent"));
      // The firm's e-mail (the customer's receipt follows it, and may or may not be in yet).
      const messages = (await mailbox.all()).filter((mail) => mail.to?.[0].address === MAIL_TO);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ subject: "Ny forespørgsel: Køge", to: [{ address: MAIL_TO }] });
    } finally {
      await fn.stop();
    }
  });
});

describe("the HTTP e-mail API (Resend's) as the transport", () => {
  let api;
  let backend;
  let webhook;
  beforeAll(async () => {
    api = await startMailApiStandIn();
    webhook = await startAlertWebhook();
    backend = await startBackend(startPostgres15, {
      env: { SMTP_URL: undefined, RESEND_API_KEY: api.apiKey, RESEND_API_URL: api.url, ALERT_WEBHOOK_URL: webhook.url },
    });
  });
  afterAll(async () => {
    await backend?.stop();
    await webhook?.stop();
    await api?.stop();
  });
  beforeEach(async () => {
    await backend.settled();
    await backend.sql`delete from quote_requests`;
    api.clear();
    webhook.alerts.splice(0);
  });
  const rows = () => requestRows(backend.sql);
  const retry = () => fetch(backend.functions.retryUrl, { method: "POST", headers: { Authorization: `Bearer ${CRON_SECRET}` } });

  it("sends the stored request once, to the firm, with the customer as Reply-To and the request id as idempotency key", async () => {
    const answer = await post(backend.functions.submitUrl);
    expect(answer.status).toBe(200);
    const { id } = await answer.json();
    await backend.settled();
    expect((await rows())[0]).toMatchObject({ id, mail: "sent" });
    expect(api.emails).toHaveLength(1);
    const [{ body, idempotencyKey }] = api.emails;
    expect(body).toMatchObject({
      to: [MAIL_TO],
      subject: "Ny forespørgsel: Køge",
      reply_to: '"Jens \\"Jensen\\" Hansen" <jens.hansen@example.dk>',
    });
    expect(body.text).toContain(REQUEST.message);
    expect(idempotencyKey).toBe(`${id}@quote-requests`);
  });

  it("keeps the row pending while the API fails, and the retry sends it exactly once", async () => {
    api.failing();
    const { id } = await (await post(backend.functions.submitUrl)).json();
    await backend.settled();
    expect((await rows())[0]).toMatchObject({ id, mail: "due", attempts: 1 });
    expect((await rows())[0].last_error).toContain("HTTP_500");
    api.failing(false);
    await dueNow(backend.sql, id);
    expect(await (await retry()).json()).toEqual({ mail: { sent: 1, failed: 0 } });
    expect(await (await retry()).json()).toEqual({});
    expect(api.emails).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ mail: "sent", attempts: 2 });
  });

  it("ends the row failed on a refusal that will not change (422) and alerts the firm elsewhere", async () => {
    api.refuse(MAIL_TO);
    const { id } = await (await post(backend.functions.submitUrl)).json();
    await backend.settled();
    expect((await rows())[0]).toMatchObject({ id, mail: "failed", attempts: 1 });
    expect((await rows())[0].last_error).toContain("HTTP_422");
    await expect.poll(() => webhook.alerts.length).toBe(1);
    expect(webhook.alerts[0]).toMatchObject({ event: "quote_requests_undelivered", requestIds: [id], failed: 1 });
  });
});
