// The firm's e-mail after the answer: retried by retry-quote-emails with backoff for 24 hours, given up
// on a permanent refusal, and sent once however the senders race.
import { expect } from "vitest";
import { createStore } from "../../../supabase/functions/_shared/store.ts";
import { MAIL_TO } from "../../support/function.js";
import { concern, VALID } from "../function-suite.js";

/** @typedef {import("../../../supabase/functions/_shared/store.ts").StoredRequest} StoredRequest */

export default concern("mail delivery and retry", (h, it) => {
  const { post, rows, retry } = h;
  /** A request stored and sent, and the store the function uses, to play its senders with. */
  const storedRequest = async () => {
    await post({ ...VALID });
    const [{ id }] = await rows();
    return { store: createStore(h.sql), id };
  };

  it(
    "gives up on a permanent refusal (550): the row ends failed, nothing is deleted, an error log names it and the firm is alerted elsewhere",
    async () => {
      h.mailbox.refuse(MAIL_TO); // a mistyped MAIL_TO: the mail server answers 550 unknown mailbox
      const response = await post({ ...VALID });
      expect(response.status).toBe(200);
      const { id } = await response.json();
      await expect.poll(async () => (await rows())[0]?.notification_status, { timeout: 10_000 }).toBe("failed");
      const [row] = await rows();
      expect(row).toMatchObject({ id, attempts: 1 });
      expect(row.failed_at).toBeInstanceOf(Date);
      expect(row.last_error).toContain("550");
      // The retry job leaves a failed row alone, however due it is.
      await h.sql`update quote_requests set next_attempt_at = now() - interval '1 day' where id = ${id}`;
      expect(await (await retry()).json()).toEqual({ sent: 0, failed: 0 });
      await expect.poll(() => h.alerts.length, { timeout: 10_000 }).toBe(1);
      expect(h.alerts[0]).toMatchObject({ event: "quote_requests_undelivered", requestIds: [id], failed: 1, count: 1 });
      expect(h.alerts[0].text).toContain("npm run leads -- --undelivered");
      const errorLine = h.logLines().find((line) => line.includes('"mail_undeliverable"'));
      expect(JSON.parse(errorLine ?? "{}")).toMatchObject({ level: "error", requestId: id });
      // Listed for a person to call back.
      const listed = await h.script("scripts/leads.js", "--undelivered", "--json");
      expect(JSON.parse(listed.stdout)).toMatchObject({ undelivered: 1, requests: [{ id, status: "failed", phone: VALID.phone }] });
    },
    { deno: true },
  );

  it("gives up after the 24-hour horizon and caps the backoff exponent (attempts = 1024 no longer overflows)", async () => {
    const { store, id } = await storedRequest();
    await h.sql`update quote_requests set notification_status = 'sending', attempts = 1024 where id = ${id}`;
    expect(await store.markFailed(/** @type {StoredRequest} */ ({ ...(await rows())[0], attempts: 1024 }), "ETIMEDOUT")).toBe("pending");
    const [row] = await rows();
    expect(row.next_attempt_at.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000 + 5_000);
    await h.sql`update quote_requests set notification_status = 'sending', received_at = now() - interval '25 hours' where id = ${id}`;
    expect(await store.markFailed(/** @type {StoredRequest} */ ({ ...row, attempts: 1024 }), "ETIMEDOUT")).toBe("failed");
    expect((await rows())[0]).toMatchObject({ notification_status: "failed", last_error: "ETIMEDOUT" });
  });

  it(
    "gives up through the scheduled retry once the 24-hour horizon has passed: the row ends failed, an error log names it and the firm is alerted",
    async () => {
      await h.mailbox.down();
      try {
        const response = await post({ ...VALID });
        const { id } = await response.json();
        await expect.poll(async () => (await rows())[0]?.attempts, { timeout: 10_000 }).toBe(1);
        // A day and an hour later the mail server still refuses connections.
        await h.sql`update quote_requests set received_at = now() - interval '25 hours', next_attempt_at = now() where id = ${id}`;
        h.alerts.splice(0); // the row was an hour unsent: what counts here is the alert for the failure
        expect(await (await retry()).json()).toEqual({ sent: 0, failed: 1 });
        expect((await rows())[0]).toMatchObject({ id, notification_status: "failed", attempts: 2 });
        const errorLine = h.logLines().find((line) => line.includes('"mail_undeliverable"') && line.includes(id));
        expect(JSON.parse(errorLine ?? "{}")).toMatchObject({ level: "error", requestId: id });
        await expect
          .poll(() => h.alerts.some((alert) => alert.requestIds.includes(id) && alert.failed === 1), { timeout: 10_000 })
          .toBe(true);
      } finally {
        await h.mailbox.up();
      }
    },
    { deno: true },
  );

  it("lets a sender whose claim expired neither overwrite nor repeat the new sender's result", async () => {
    const { store, id } = await storedRequest();
    await h.sql`update quote_requests set notification_status = 'pending', attempts = 0 where id = ${id}`;
    const first = await store.claim(id);
    if (!first) throw new Error("the row was not claimed");
    expect(first.attempts).toBe(1);
    // The first sender stalls past its claim; the retry job takes the row over.
    await h.sql`update quote_requests set claimed_until = now() - interval '1 second' where id = ${id}`;
    const [second] = await store.claimDue(5);
    expect(second).toMatchObject({ id, attempts: 2 });
    await store.markFailed(first, "late");
    await store.markSent(second);
    await store.markFailed(first, "later still");
    const [row] = await rows();
    expect(row).toMatchObject({ notification_status: "sent", attempts: 2, last_error: null });
  });

  it(
    "answers 200 while the mail server is down, keeps the row pending, and the retry sends it exactly once",
    async () => {
      await h.mailbox.down();
      const response = await post({ ...VALID });
      expect(response.status).toBe(200);
      const { id } = await response.json();
      let [row] = await rows();
      expect(row).toMatchObject({ id, notification_status: "pending", attempts: 1 });
      expect(row.last_error).toBeTruthy();
      expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
      // Not due yet: the retry leaves it alone.
      expect(await (await retry()).json()).toEqual({ sent: 0, failed: 0 });
      await h.mailbox.up();
      await h.sql`update quote_requests set next_attempt_at = now() where id = ${id}`;
      expect((await retry("wrong-secret-0123456789")).status).toBe(401);
      const [firstRun, secondRun] = await Promise.all([retry(), retry()]);
      const results = [await firstRun.json(), await secondRun.json()];
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
      expect(await (await retry()).json()).toEqual({ sent: 0, failed: 0 });
      [row] = await rows();
      expect(row).toMatchObject({ notification_status: "sent", attempts: 2, last_error: null });
      const mails = await h.mailbox.all();
      expect(mails).toHaveLength(1);
      expect(mails[0].parsed.messageId).toBe(`<${id}@quote-requests>`);
    },
    { deno: true },
  );
});
