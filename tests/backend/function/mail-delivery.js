// The firm's e-mail after the answer: given up on a permanent refusal (the mail server's 5xx) and listed
// to call back, and sent once however the senders race once the mail server is back. How the outbox
// retries, gives up and fences its senders, for every channel: ./outbox.js.
import { expect } from "vitest";
import { MAIL_TO } from "../../support/function.js";
import { concern, VALID } from "../function-suite.js";

export default concern("mail delivery and retry", (h, it) => {
  const { post, rows, retry } = h;

  it(
    "gives up on a permanent refusal (550): the e-mail ends failed, nothing is deleted, an error log names it and the firm is alerted elsewhere",
    async () => {
      h.mailbox.refuse(MAIL_TO); // a mistyped MAIL_TO: the mail server answers 550 unknown mailbox
      const response = await post({ ...VALID });
      expect(response.status).toBe(200);
      const { id } = await response.json();
      await expect.poll(async () => (await rows())[0]?.mail, { timeout: 10_000 }).toBe("failed");
      const [row] = await rows();
      expect(row).toMatchObject({ id, attempts: 1 });
      expect(row.last_error).toContain("550");
      // The alert goes out after the row is marked failed: once it is out, nothing is left for the retry job.
      await expect.poll(() => h.alerts.length, { timeout: 10_000 }).toBe(1);
      // The retry job leaves a failed e-mail alone, however due it is.
      await h.sql`update deliveries set next_attempt_at = now() - interval '1 day' where request_id = ${id} and channel = 'mail'`;
      expect(await (await retry()).json()).toEqual({});
      expect(h.alerts).toHaveLength(1);
      expect(h.alerts[0]).toMatchObject({ event: "quote_requests_undelivered", requestIds: [id], failed: 1, count: 1 });
      expect(h.alerts[0].text).toContain("npm run leads -- --undelivered");
      const errorLine = h.logLines().find((line) => line.includes('"mail_undeliverable"') && line.includes(id));
      expect(JSON.parse(errorLine ?? "{}")).toMatchObject({ level: "error", requestId: id });
      // Listed for a person to call back.
      const listed = await h.script("scripts/leads.js", "--undelivered", "--json");
      expect(JSON.parse(listed.stdout)).toMatchObject({ undelivered: 1, requests: [{ id, status: "failed", phone: VALID.phone }] });
    },
    { deno: true },
  );

  it(
    "answers 200 while the mail server is down, keeps the e-mail due, and the retry sends it exactly once",
    async () => {
      await h.mailbox.down();
      const response = await post({ ...VALID });
      expect(response.status).toBe(200);
      const { id } = await response.json();
      let [row] = await rows();
      expect(row).toMatchObject({ id, mail: "due", attempts: 1 });
      expect(row.last_error).toBeTruthy();
      expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
      // Not due yet: the retry leaves it alone.
      expect(await (await retry()).json()).toEqual({});
      await h.mailbox.up();
      await h.dueNow(id);
      expect((await retry("wrong-secret-0123456789")).status).toBe(401);
      const [firstRun, secondRun] = await Promise.all([retry(), retry()]);
      const results = [await firstRun.json(), await secondRun.json()];
      expect(results.reduce((sum, result) => sum + (result.mail?.sent ?? 0), 0)).toBe(1);
      expect(await (await retry()).json()).toEqual({});
      [row] = await rows();
      expect(row).toMatchObject({ mail: "sent", attempts: 2, last_error: null });
      const mails = await h.mailbox.all();
      expect(mails).toHaveLength(1);
      expect(mails[0].parsed.messageId).toBe(`<${id}@quote-requests>`);
    },
    { deno: true },
  );
});
