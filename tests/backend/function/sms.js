// The firm's SMS about each new lead, through the stand-in of GatewayAPI (dev/local/sms-stand-in.js, which
// refuses what the real API would not take): one per stored request after the answer (a call-back's says
// to call), none for a held or dropped one, retried by the scheduled retry, given up on a refusal, capped
// per day with one summary, and nothing at all without the SMS secrets.
import { expect } from "vitest";
import { CRON_SECRET, functionEnv, MAIL_TO, startInProcessFunctions } from "../../support/function.js";
import { anotherPhone, concern, VALID } from "../function-suite.js";

export default concern("the firm's SMS", (h, it) => {
  const { post, retry } = h;
  /** The SMS deliveries (the outbox), oldest first: `status` their state, `last_error` their note. */
  const smsRows = () =>
    h.sql`select request_id, state as status, attempts, note as last_error from deliveries where channel = 'sms' order by created_at, id`;
  /** Lets the scheduled retry take every SMS that waits for its backoff now. */
  const dueNow = () => h.sql`update deliveries set next_attempt_at = now() where channel = 'sms' and state = 'due'`;

  it(
    "sends one SMS per stored request after the answer, in the provider's format, naming who, where and the number",
    async () => {
      const response = await post({ ...VALID }, { headers: { "Idempotency-Key": "sms-once-0001" } });
      expect(response.status).toBe(200);
      const { id } = await response.json();
      await expect.poll(() => h.sms.messages.length, { timeout: 10_000 }).toBe(1);
      expect(h.sms.rejected).toEqual([]);
      expect(h.sms.messages[0]).toMatchObject({
        sender: "Hjemmeside",
        message: "Ny forespørgsel: Jens Hansen, Køge, 12 34 56 78",
        recipients: ["4512345678"],
      });
      await expect.poll(async () => (await smsRows())[0]?.status, { timeout: 10_000 }).toBe("sent");
      // The same request again (its key), and the scheduled retry after it: still one SMS.
      expect(await (await post({ ...VALID }, { headers: { "Idempotency-Key": "sms-once-0001" } })).json()).toEqual({ id });
      await dueNow();
      expect((await retry()).status).toBeLessThan(300);
      await expect.poll(async () => (await smsRows()).map((row) => row.status)).toEqual(["sent"]);
      expect(h.sms.received()).toBe(1);
      const sent = h.logLines().find((line) => line.includes('"sms_sent"') && line.includes(id));
      expect(JSON.parse(sent ?? "{}")).toMatchObject({ requestId: id, attempt: 1 });
    },
    { deno: true },
  );

  it("sends one SMS for a call-back that says to call: 'Ring op', who and the number, and no more on the retry", async () => {
    const response = await post({ kind: "callback", name: VALID.name, phone: VALID.phone });
    expect(response.status).toBe(200);
    await expect.poll(() => h.sms.messages.length, { timeout: 10_000 }).toBe(1);
    expect(h.sms.rejected).toEqual([]);
    expect(h.sms.messages[0]).toMatchObject({ message: "Ring op: Jens Hansen, 12 34 56 78" });
    await expect.poll(async () => (await smsRows())[0]?.status, { timeout: 10_000 }).toBe("sent");
    await dueNow();
    await retry();
    expect(h.sms.received()).toBe(1);
  });

  it("sends none for a request dropped as spam, nor for one held over the address's cap", async () => {
    expect((await post({ ...VALID, website: "https://spam.example" })).status).toBe(200);
    // RATE_LIMIT_PER_EMAIL_TOTAL (10): the eleventh request for one address, from another client each, is held.
    for (let n = 0; n < 11; n++) expect((await post({ ...VALID, phone: anotherPhone() })).status).toBe(200);
    const stored = await h.rows();
    expect(stored.map((row) => row.mail).filter((status) => status === "held")).toHaveLength(1);
    await expect.poll(() => h.sms.messages.length).toBe(10);
    await dueNow();
    await retry();
    expect(h.sms.received()).toBe(10);
    const held = stored.find((row) => row.mail === "held");
    expect(await h.sql`select * from deliveries where channel = 'sms' and request_id = ${held?.id ?? null}`).toEqual([]);
  });

  it("leaves an SMS the provider failed (5xx, 429) to the scheduled retry, which sends it exactly once", async () => {
    h.sms.plan.push("fail", "busy");
    const first = await (await post({ ...VALID })).json();
    const second = await (await post({ ...VALID, name: "Ida Holm" })).json();
    await expect
      .poll(async () => (await smsRows()).map((row) => [row.status, row.attempts, row.last_error]))
      .toEqual([
        ["due", 1, "SmsApiError: HTTP_500"],
        ["due", 1, "SmsApiError: HTTP_429"],
      ]);
    expect(h.sms.messages).toEqual([]);
    // The e-mails went as ever.
    expect((await h.rows()).map((row) => row.mail)).toEqual(["sent", "sent"]);
    expect(h.logLines().filter((line) => line.includes('"sms_failed"') && line.includes('"warn"'))).toHaveLength(2);
    // Not due before its backoff; then two retries at once send each once.
    await retry();
    expect(h.sms.messages).toEqual([]);
    await dueNow();
    await Promise.all([retry(), retry()]);
    await expect.poll(() => h.sms.messages.length).toBe(2);
    await retry();
    expect(h.sms.messages.map((sms) => sms.message).sort()).toEqual([
      "Ny forespørgsel: Ida Holm, Køge, 12 34 56 78",
      "Ny forespørgsel: Jens Hansen, Køge, 12 34 56 78",
    ]);
    expect((await smsRows()).map((row) => [row.request_id, row.status, row.attempts])).toEqual([
      [first.id, "sent", 2],
      [second.id, "sent", 2],
    ]);
  });

  it("gives up on a refusal (4xx) at once, and after the horizon on failures, each with an error line naming only the request", async () => {
    h.sms.plan.push("refuse");
    const refused = await (await post({ ...VALID })).json();
    await expect.poll(async () => (await smsRows())[0]?.status).toBe("failed");
    const line = h.logLines().find((entry) => entry.includes('"sms_undeliverable"') && entry.includes(refused.id));
    expect(JSON.parse(line ?? "{}")).toMatchObject({ level: "error", requestId: refused.id, reason: "SmsApiError: HTTP_400" });
    await dueNow();
    await retry();
    expect(h.sms.received()).toBe(1);

    h.sms.plan.push("fail");
    const failing = await (await post({ ...VALID })).json();
    const smsOf = async () => (await h.deliveries(failing.id)).sms?.state;
    await expect.poll(smsOf).toBe("due");
    // Six hours and more later it has still not gone out: the next run gives it up.
    await h.sql`update deliveries set created_at = now() - interval '7 hours', next_attempt_at = now()
      where request_id = ${failing.id} and channel = 'sms'`;
    await retry();
    expect(await smsOf()).toBe("failed");
    const horizon = h.logLines().find((entry) => entry.includes('"sms_undeliverable"') && entry.includes(failing.id));
    expect(JSON.parse(horizon ?? "{}")).toMatchObject({ level: "error", requestId: failing.id, reason: "SmsApiError: HTTP_500" });
    expect(h.sms.messages).toEqual([]);
  });

  it("sends no SMS over the day's cap, then one summary of how many more came, once", async () => {
    // An instance whose cap is two SMS a day (counted in the database, for every instance).
    const capped = await startInProcessFunctions(functionEnv(h.database, h.mailbox.url, { ...h.sms.env(), SMS_DAILY_LIMIT: "2" }));
    const retryCapped = () => fetch(capped.retryUrl, { method: "POST", headers: { Authorization: `Bearer ${CRON_SECRET}` } });
    try {
      for (const name of ["Ida Holm", "Ole Berg", "Eva Lund", "Bo Dal", "Kim Vang"]) {
        const response = await fetch(capped.submitUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.9.1.${h.nextClient()}` },
          body: JSON.stringify({ ...VALID, name, phone: anotherPhone(), elapsedMs: 60_000 }),
        });
        expect(response.status).toBe(200);
      }
      await capped.settled();
      // Two took the day's cap (whichever were claimed first); the rest are skipped as over it.
      const states = (await smsRows()).map((row) => [row.status, row.last_error].filter(Boolean).join(": "));
      expect(states.sort()).toEqual(["sent", "sent", "skipped: capped", "skipped: capped", "skipped: capped"]);
      expect(h.sms.received()).toBe(2);
      await dueNow();
      await retryCapped();
      expect(h.sms.received()).toBe(2);
      // Once the day is over (here: two days ago, past the next morning), the scheduled retry sends one summary.
      await h.sql`update deliveries set created_at = created_at - interval '2 days' where channel = 'sms'`;
      await h.sql`update deliveries set period = period - 2, next_attempt_at = now() where channel = 'sms_summary'`;
      const [{ day }] = await h.sql`select to_char(period, 'FMDD.FMMM.') as day from deliveries where channel = 'sms_summary'`;
      await Promise.all([retryCapped(), retryCapped()]);
      await retryCapped();
      expect(h.sms.messages.slice(2).map((sms) => sms.message)).toEqual([
        `3 forespørgsler mere ${day} fik ingen SMS (højst 2 om dagen). De står i e-mailen.`,
      ]);
      expect(h.sms.rejected).toEqual([]);
    } finally {
      await capped.stop();
    }
  });

  it(
    "answers the visitor and sends the e-mail while the provider hangs",
    async () => {
      h.sms.plan.push("hang");
      try {
        const response = await post({ ...VALID }, { settle: false });
        // The provider has not answered, and will not until the case lets it go.
        expect(response.status).toBe(200);
        await expect.poll(async () => (await h.mailbox.all()).length, { timeout: 10_000 }).toBe(1);
        await expect.poll(() => h.sms.hung.length, { timeout: 10_000 }).toBe(1);
        // Answered and e-mailed while the function still waits on the provider (no timeout ran out first).
        expect(h.sms.hung[0].open).toBe(true);
        expect(h.sms.messages).toEqual([]);
      } finally {
        await h.sms.release();
      }
      // The provider answers at last: the SMS is sent then, once.
      await expect.poll(async () => (await smsRows())[0]?.status, { timeout: 10_000 }).toBe("sent");
      expect(h.sms.messages).toHaveLength(1);
    },
    { deno: true },
  );

  it("sends no SMS without the SMS secrets, and the e-mail as ever", async () => {
    const plain = await startInProcessFunctions(functionEnv(h.database, h.mailbox.url));
    try {
      const response = await fetch(plain.submitUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.9.0.${h.nextClient()}` },
        body: JSON.stringify({ ...VALID, elapsedMs: 60_000 }),
      });
      expect(response.status).toBe(200);
      await plain.settled();
      const mails = await h.mailbox.all();
      expect(mails.map((mail) => mail.recipients)).toEqual([[MAIL_TO]]);
      expect((await h.rows()).map((row) => row.mail)).toEqual(["sent"]);
      expect((await fetch(plain.retryUrl, { method: "POST", headers: { Authorization: `Bearer ${CRON_SECRET}` } })).status).toBe(200);
      expect(h.sms.received()).toBe(0);
      expect(plain.output.join("")).not.toContain("sms_");
    } finally {
      await plain.stop();
    }
  });
});
