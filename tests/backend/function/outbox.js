// The outbox, for every channel alike (supabase/functions/_shared/outbox.ts and claim_deliveries /
// finish_deliveries in the baseline migration): the backoff and its cap, giving up past the horizon
// without another attempt (the error line naming only the request, and the alert), and a sender whose
// lease ran out and was taken over, which can neither overwrite nor repeat the new sender's result. The
// firm's e-mail is the channel these cases send through; what each channel sends is its own concern.
import { expect } from "vitest";
import { RETRY_HORIZON_HOURS } from "../../../supabase/functions/_shared/channels.ts";
import { concern, VALID } from "../function-suite.js";

/** The firm's e-mail's policy as the cases play its senders: a lease, and its horizon. */
const MAIL = { leaseSeconds: 300, horizonHours: RETRY_HORIZON_HOURS };

export default concern("the outbox", (h, it) => {
  const { post, rows, retry } = h;
  /**
   * Claims as one sender would: the request's due e-mail, or none.
   * @param {string} id
   * @returns {Promise<{ id: string, attempt: number }>}
   */
  const claim = async (id) =>
    /** @type {any} */ ((await h.sql`select id, attempt from claim_deliveries(${h.sql.json({ mail: MAIL })}, ${id})`)[0]);
  /** Records a claimed e-mail as its sender would: sent (no error), or failed with `error`. */
  const finish = async (/** @type {{ id: string, attempt: number }} */ claimed, /** @type {string | null} */ error = null) =>
    (
      await h.sql`select state from finish_deliveries(${[claimed.id]}::bigint[], ${[claimed.attempt]}::int[], ${error}, false,
        ${h.sql.json(MAIL)})`
    )[0]?.state ?? null;
  /** A request whose e-mail the mail server put off once: due again after its backoff. */
  const putOff = async () => {
    await h.mailbox.down();
    try {
      return /** @type {string} */ ((await (await post({ ...VALID })).json()).id);
    } finally {
      await h.mailbox.up();
    }
  };

  it("waits 1, 2, 4 … minutes between attempts, at most 60, and the exponent is capped (1,024 attempts do not overflow)", async () => {
    const id = await putOff();
    const minutesAhead = async () => Math.round(((await rows())[0].next_attempt_at.getTime() - Date.now()) / 60_000);
    expect(await minutesAhead()).toBe(1);
    for (const [attempts, minutes] of [
      [3, 4],
      [1024, 60],
    ]) {
      await h.sql`update deliveries set state = 'due', attempts = ${attempts - 1}, next_attempt_at = now() where request_id = ${id} and channel = 'mail'`;
      const claimed = await claim(id);
      expect(claimed.attempt).toBe(attempts);
      expect(await finish(claimed, "ETIMEDOUT")).toBe("due");
      expect(await minutesAhead()).toBe(minutes);
    }
  });

  it(
    "gives up past the horizon through the scheduled retry without another attempt: failed, an error line naming only the request, and the firm alerted",
    async () => {
      const id = await putOff();
      // A day and an hour later it has still not gone out; the mail server would take it now, but too late.
      await h.sql`update deliveries set created_at = now() - make_interval(hours => ${RETRY_HORIZON_HOURS + 1}), next_attempt_at = now()
        where request_id = ${id} and channel = 'mail'`;
      h.alerts.splice(0);
      expect(await (await retry()).json()).toMatchObject({ mail: { sent: 0, failed: 1 } });
      expect(await h.mailbox.all()).toEqual([]);
      expect((await rows())[0]).toMatchObject({ id, mail: "failed" });
      const errorLine = h.logLines().find((line) => line.includes('"mail_undeliverable"') && line.includes(id));
      expect(JSON.parse(errorLine ?? "{}")).toMatchObject({ level: "error", requestId: id, attempt: 1 });
      await expect
        .poll(() => h.alerts.some((alert) => alert.requestIds.includes(id) && alert.failed === 1), { timeout: 10_000 })
        .toBe(true);
      // A send that fails once past the horizon is given up too.
      const late = await putOff();
      await h.dueNow(late);
      const claimed = await claim(late);
      await h.sql`update deliveries set created_at = now() - make_interval(hours => ${RETRY_HORIZON_HOURS + 1}) where id = ${claimed.id}`;
      expect(await finish(claimed, "ETIMEDOUT")).toBe("failed");
    },
    { deno: true },
  );

  it("lets a sender whose lease ran out neither overwrite nor repeat the new sender's result", async () => {
    const id = await putOff();
    await h.dueNow(id);
    const first = await claim(id);
    expect(first.attempt).toBe(2);
    expect(await claim(id)).toBeUndefined();
    // The first sender stalls past its lease; another takes the e-mail over.
    await h.sql`update deliveries set claimed_until = now() - interval '1 second' where id = ${first.id}`;
    const second = await claim(id);
    expect(second).toMatchObject({ id: first.id, attempt: 3 });
    expect(await finish(first, "late")).toBeNull();
    expect(await finish(second)).toBe("sent");
    expect(await finish(first, "later still")).toBeNull();
    expect(await finish(second, "again")).toBeNull();
    expect((await rows())[0]).toMatchObject({ mail: "sent", attempts: 3, last_error: null });
  });
});
