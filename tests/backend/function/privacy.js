// What is kept about a customer, and who sees it: no public role reads the tables, retention and the
// erasure script delete what they should, and the log holds no personal data.
import { expect } from "vitest";
import { concern, VALID, expectLogWithoutPersonalData } from "../function-suite.js";

export default concern("stored data: access, retention, erasure and logs", (h, it) => {
  const { post, rows } = h;

  it("keeps the public anon role from reading or writing the tables", async () => {
    for (const role of ["anon", "authenticated"]) {
      for (const table of ["quote_requests", "partners"]) {
        const as = (/** @type {string} */ statement) =>
          h.sql.begin(async (tx) => {
            await tx.unsafe(`set local role ${role}`);
            return tx.unsafe(statement);
          });
        await expect(as(`select * from ${table}`), `${role} select ${table}`).rejects.toThrow(/permission denied/);
        await expect(as(`insert into ${table} (name) values ('x')`), `${role} insert ${table}`).rejects.toThrow(/permission denied/);
      }
    }
    const [{ relrowsecurity }] = await h.sql`select relrowsecurity from pg_class where relname = 'quote_requests'`;
    expect(relrowsecurity).toBe(true);
  });

  /** How many deliveries the outbox holds: all of them, or those about the requests for one mailbox. */
  const deliveryCount = async (/** @type {string | null} */ email = null) =>
    (
      await h.sql`select count(*)::int as n from deliveries d left join quote_requests q on q.id = d.request_id
        where ${email}::text is null or public.mailbox(q.email) = public.mailbox(${email})`
    )[0].n;

  it("deletes requests past retention and clears hashed client data much sooner, keeping recent rows", async () => {
    const insert = (
      /** @type {string} */ email,
      /** @type {string} */ age,
    ) => h.sql`insert into quote_requests (name, phone, email, location, message, client_ip_hash, user_agent, received_at)
      values ('Jens Hansen', '12345678', ${email}, 'Køge', 'Ny eltavle i villa', 'hash', 'browser', now() - ${age}::interval)`;
    await insert("old@example.dk", "13 months");
    await insert("week@example.dk", "8 days");
    await insert("new@example.dk", "1 hour");
    const [before, old] = [await deliveryCount(), await deliveryCount("old@example.dk")];
    const [result] = await h.sql`select * from public.purge_expired_quote_data()`;
    expect(result).toEqual({ deleted_requests: 1, cleared_client_data: 1 });
    const left = await h.sql`select email, client_ip_hash, user_agent from quote_requests order by received_at`;
    expect(left).toEqual([
      { email: "week@example.dk", client_ip_hash: "cleared", user_agent: null },
      { email: "new@example.dk", client_ip_hash: "hash", user_agent: "browser" },
    ]);
    // The deleted request's deliveries (the outbox) went with it.
    expect(old).toBeGreaterThan(0);
    expect(await deliveryCount()).toBe(before - old);
    // The period is configuration in the database.
    await h.sql`update retention_settings set quote_requests = interval '1 day'`;
    try {
      expect((await h.sql`select * from public.purge_expired_quote_data()`)[0].deleted_requests).toBe(1);
    } finally {
      await h.sql`update retention_settings set quote_requests = interval '12 months'`;
    }
  });

  it("finds and deletes everything stored for one e-mail address, with the documented script", async () => {
    await post({ ...VALID, email: "forget.me@example.dk" });
    await post({ ...VALID, email: "Forget.Me@example.dk" });
    await post({ ...VALID, email: "keep.me@example.dk" });
    const script = (/** @type {string[]} */ ...args) => h.script("scripts/forget-requester.js", ...args);
    const [before, forgotten] = [await deliveryCount(), await deliveryCount("forget.me@example.dk")];
    const access = JSON.parse((await script("forget.me@example.dk", "--json")).stdout);
    expect(access.requests).toHaveLength(2);
    expect(access.requests[0]).toMatchObject({ name: VALID.name, location: VALID.location });
    expect(JSON.parse((await script("forget.me@example.dk", "--delete", "--json")).stdout)).toEqual({
      email: "forget.me@example.dk",
      deleted: 2,
    });
    expect((await rows()).map((row) => row.email)).toEqual(["keep.me@example.dk"]);
    expect(forgotten).toBeGreaterThan(0);
    expect(await deliveryCount()).toBe(before - forgotten);
  });

  it(
    "logs structured lines without the customer's personal data, and the X-Forwarded-For shape once without any address",
    async () => {
      await post({ ...VALID });
      await post({ ...VALID, phone: "12" });
      const lines = h.logLines();
      expect(lines.length).toBeGreaterThan(0);
      expectLogWithoutPersonalData(lines);
      // What the operator reads after a deploy (supabase/functions/send-contact-email/README.md, "The HTTP contract"): one entry per proxy.
      const shapes = lines.map((line) => JSON.parse(line)).filter((entry) => entry.event === "forwarded_for_shape");
      expect(shapes).toHaveLength(1);
      expect(shapes[0]).toMatchObject({ shape: expect.stringMatching(/^ipv[46]$/), trustedProxyHops: 1 });
    },
    { deno: true },
  );
});
