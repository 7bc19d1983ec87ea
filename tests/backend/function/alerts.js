// The alert channel (ALERT_WEBHOOK_URL): the firm is told once about requests that are failed or
// unsent, and a channel that fails or hangs neither loses an alert nor holds up the e-mails.
import { expect } from "vitest";
import { ALERT_INTERVAL_MINUTES } from "../../../supabase/functions/_shared/channels.ts";
import { MAIL_TO } from "../../support/function.js";
import { anotherPhone, concern, VALID } from "../function-suite.js";

export default concern("alerts to the firm", (h, it) => {
  const { post, rows, retry } = h;
  /** Whether the firm was told about a request: its alert's delivery went out (the webhook took it). */
  const alerted = async (/** @type {string} */ id) => (await h.deliveries(id)).alert?.state === "sent";

  it("counts an alert only once the webhook took it: one answered 500 or never is sent again with the scheduled retry", async () => {
    await h.sql`insert into quote_requests (name, phone, email, location, message, client_ip_hash)
      values ('Jens Hansen', '12345678', 'opgivet@example.dk', 'Køge', 'Ny eltavle i villa fra 1972', 'x')`;
    const [{ id }] = await rows();
    // Its e-mail given up, which makes its alert due at once.
    await h.sql`update deliveries set state = 'failed' where request_id = ${id} and channel = 'mail'`;
    await h.dueNow(id, "alert");
    h.webhookPlan.push("fail");
    expect((await retry()).status).toBe(200);
    expect(await alerted(id)).toBe(false);
    h.webhookPlan.push("hang");
    expect((await retry()).status).toBe(200);
    expect(h.hung).toHaveLength(1);
    expect(await alerted(id)).toBe(false);
    // The webhook works again: the next scheduled retry tells the firm, once.
    expect((await retry()).status).toBe(200);
    await expect.poll(() => h.alerts.flatMap((alert) => alert.requestIds)).toEqual([id]);
    expect(await alerted(id)).toBe(true);
    expect((await retry()).status).toBe(200);
    expect(h.alerts).toHaveLength(1);
  });

  it("sends the rest of a batch while the alert for a failed row hangs", async () => {
    h.mailbox.refuse(MAIL_TO);
    try {
      const first = await (await post({ ...VALID, email: "first@example.dk" }, { settle: false })).json();
      h.webhookPlan.push("hang", "hang");
      await h.settled();
      await expect.poll(() => h.hung.length).toBeGreaterThan(0);
      // The first request's alert hangs at the webhook; the next request is stored and mailed meanwhile.
      h.mailbox.clear();
      expect((await post({ ...VALID, email: "second@example.dk" })).status).toBe(200);
      expect((await h.mailbox.all()).map((mail) => mail.parsed.replyTo?.[0].address)).toEqual(["second@example.dk"]);
      expect((await rows()).find((row) => row.id === first.id)).toMatchObject({ mail: "failed" });
      expect(await alerted(first.id)).toBe(false);
    } finally {
      h.mailbox.clear();
    }
  });

  it("fires the channel once for a stranger's burst of held requests, then once more after the interval with the rest counted", async () => {
    // Twelve requests with one address from twelve clients: the last two are held (over the address's
    // ten e-mails an hour). The next stored request looks for rows to alert about and fires the channel.
    for (let i = 0; i < 12; i++) expect((await post({ ...VALID, phone: anotherPhone(), email: "offer@example.dk" })).status).toBe(200);
    const held = (await rows()).filter((row) => row.mail === "held").map((row) => row.id);
    expect(held).toHaveLength(2);
    expect((await post({ ...VALID, phone: anotherPhone(), email: "anden@example.dk" })).status).toBe(200);
    expect(h.alerts).toHaveLength(1);
    expect(h.alerts[0]).toMatchObject({ held: 2, count: 2 });
    expect([...h.alerts[0].requestIds].sort()).toEqual([...held].sort());
    // More held requests within the interval, each followed by a stored one, and the scheduled retry:
    // still that one alert.
    for (let i = 0; i < 3; i++) {
      expect((await post({ ...VALID, phone: anotherPhone(), email: "offer@example.dk" })).status).toBe(200);
      expect((await post({ ...VALID, phone: anotherPhone(), email: `anden${i}@example.dk` })).status).toBe(200);
    }
    expect((await retry()).status).toBe(200);
    expect(h.alerts).toHaveLength(1);
    // The interval has passed (the last alert moved back by it): the next check sends the rest, counted.
    await h.sql`update deliveries set sent_at = sent_at - make_interval(mins => ${ALERT_INTERVAL_MINUTES}) where channel = 'alert'`;
    expect((await retry()).status).toBe(200);
    await expect.poll(() => h.alerts.length).toBe(2);
    expect(h.alerts[1]).toMatchObject({ held: 3, count: 3 });
  });

  it("alerts the firm on the next request when older requests are still unsent after an hour", async () => {
    await h.sql`insert into quote_requests (name, phone, email, location, message, client_ip_hash, received_at)
      values ('Jens Hansen', '12345678', 'glemt@example.dk', 'Køge', 'Ny eltavle i villa fra 1972', 'x', now() - interval '2 hours')`;
    const [{ id: stale }] = await rows();
    // post() resolves once the request's work after its answer is done, and the alert check, which
    // waits for the channel's answer, is the last of it: what it sent is in `alerts` by then.
    expect((await post({ ...VALID })).status).toBe(200);
    expect(h.alerts).toHaveLength(1);
    expect(h.alerts[0]).toMatchObject({ requestIds: [stale], failed: 0, count: 1 });
    // Told once: the next request does not repeat it.
    expect((await post({ ...VALID, email: "naeste@example.dk" })).status).toBe(200);
    expect(h.alerts).toHaveLength(1);
  });
});
