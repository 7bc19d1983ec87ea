// Booking a free inspection: the free times, a booking stored as a lead (kind "booking") with its visit,
// the firm's e-mail and the customer's confirmation each with an invitation a strict iCalendar reader
// takes, a time taken between showing and booking, two bookings of one time at once (one stored), the
// bookings' own limits (3 active per client, phone number and mailbox), the customer's cancel link that
// frees the time, the firm's move by command (same UID, one more SEQUENCE), the private calendar feed,
// and the reminder the day before (its SMS only when the firm turns it on).
import { Buffer } from "node:buffer";
import { expect } from "vitest";
import { SITE_URL } from "../../support/function.js";
import { parseICalendar } from "../../support/icalendar.js";
import { concern, VALID } from "../function-suite.js";
import { eventUid } from "../../../supabase/functions/_shared/icalendar.ts";

const BOOKINGS_SCRIPT = "scripts/bookings.js";

/** @typedef {{ start: string, end: string }} Slot */

export default concern("bookings", (h, it) => {
  /** The free times the function offers now. @returns {Promise<Slot[]>} */
  const slots = async () => {
    const response = await fetch(`${h.functions.submitUrl}?slots`, { headers: { Origin: SITE_URL } });
    expect(response.status).toBe(200);
    return (await response.json()).slots;
  };
  let visitors = 0;
  /** A booking of `start` from a visitor of its own (client, phone, mailbox) unless `as` says otherwise. */
  const book = (/** @type {string} */ start, /** @type {{ ip?: string, phone?: string, email?: string, settle?: boolean }} */ as = {}) => {
    const n = ++visitors;
    return h.post(
      {
        ...VALID,
        kind: "booking",
        start,
        phone: as.phone ?? `30 ${String(n).padStart(2, "0")} 40 50`,
        email: as.email ?? `kunde${n}@example.dk`,
        page: "/besigtigelse",
      },
      { headers: { Origin: SITE_URL }, ip: as.ip ?? `10.9.${Math.floor(n / 200)}.${n % 200}`, settle: as.settle },
    );
  };
  /** The invitation attached to an e-mail, read strictly. @param {any} mail */
  const invitationOf = (mail) => {
    // From the raw message: a mail reader's parser would rewrite the line ends the reader must check.
    const part = /Content-Type: text\/calendar[\s\S]*?\r\n\r\n([\s\S]*?)\r\n--/.exec(mail.raw);
    expect(part, mail.parsed.subject).not.toBeNull();
    return parseICalendar(Buffer.from(part?.[1] ?? "", "base64").toString("utf8"));
  };
  const mailTo = async (/** @type {string} */ address) => (await h.mailbox.all()).filter((mail) => mail.recipients.includes(address));
  /** The cancel-or-move link of the customer's confirmation: `<id>.<token>`. @param {any} mail */
  const linkOf = (mail) => /\/besigtigelse#aendr=([0-9a-f-]{36}\.[0-9a-f]{32})/.exec(mail.parsed.text)?.[1] ?? "";
  const change = (/** @type {string} */ link, /** @type {Record<string, unknown>} */ body) =>
    fetch(`${h.functions.submitUrl}?booking=${link}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_URL },
      body: JSON.stringify(body),
    });

  it("stores a booking as a lead with its visit; the firm's e-mail and the customer's confirmation carry one invitation", async () => {
    const [slot] = await slots();
    const response = await book(slot.start, { email: VALID.email });
    expect(response.status).toBe(200);
    const { id } = await response.json();
    const [row] = await h.rows();
    expect(row).toMatchObject({ id, kind: "booking", mail: "sent" });
    const [visit] = await h.sql`select starts_at, ends_at, active, sequence from bookings where request_id = ${id}`;
    expect(visit).toMatchObject({ starts_at: new Date(slot.start), ends_at: new Date(slot.end), active: true, sequence: 0 });
    expect(Object.keys(await h.deliveries(id))).toEqual(expect.arrayContaining(["mail", "sms", "alert", "booking_confirmation"]));

    const [firm] = (await h.mailbox.all()).filter((mail) => mail.parsed.subject?.startsWith("Ny besigtigelse"));
    const [customer] = await mailTo(VALID.email);
    for (const mail of [firm, customer]) {
      const invitation = invitationOf(mail);
      expect(invitation.method).toBe("REQUEST");
      expect(invitation.events).toHaveLength(1);
      expect(invitation.events[0]).toMatchObject({
        uid: eventUid(id),
        sequence: 0,
        status: "CONFIRMED",
        start: new Date(slot.start),
        end: new Date(slot.end),
      });
    }
    expect(invitationOf(firm).events[0].summary).toContain(VALID.name);
    expect(h.sms.messages.map((text) => text.message)).toEqual([expect.stringMatching(/^Ny besigtigelse: Jens Hansen, Køge, /)]);
    // The customer's names no name or words the visitor typed: only the time, the firm and the link.
    expect(customer.parsed.text).toContain("gratis og binder dig ikke til noget");
    expect(customer.parsed.text).not.toContain(VALID.name);
    expect(customer.parsed.text).not.toContain(VALID.message);
    expect(linkOf(customer)).toContain(id);
    expect((await slots()).map((free) => free.start)).not.toContain(slot.start);
  });

  it("tells the visitor whose time was taken between showing and booking, in Danish, with the nearest free times", async () => {
    const shown = await slots();
    expect((await book(shown[1].start)).status).toBe(200);
    const late = await book(shown[1].start);
    expect(late.status).toBe(409);
    const answer = await late.json();
    expect(answer.error).toMatch(/^Tiden er desværre lige blevet booket/);
    expect(answer.slots.length).toBeGreaterThan(0);
    expect(answer.slots.map((/** @type {Slot} */ slot) => slot.start)).not.toContain(shown[1].start);
    expect(await h.rows()).toHaveLength(1);
  });

  it("stores one of two bookings of one time sent at once, the database deciding", async () => {
    const [slot] = await slots();
    const answers = await Promise.all([book(slot.start), book(slot.start)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await h.rows()).toHaveLength(1);
    // At the database itself: the second transaction waits for the first, then its visit is refused.
    const [other] = (await slots()).slice(-1);
    const args = (/** @type {string} */ who) => h.sql`
      select kind from submit_booking(${VALID.name}, ${`2${who}445566`}, ${`${who}@example.dk`}, 'Køge', ${VALID.message},
        null, null, null, ${"0".repeat(64)}, ${`hash-${who}`}, null, 10, 10, 10, 60, null,
        p_starts_at => ${other.start}, p_ends_at => ${other.end}, p_buffer_minutes => 30)`;
    const first = h.sql.begin(async (tx) => {
      const [stored] = await tx`
        select kind from submit_booking(${VALID.name}, '21445566', 'a@example.dk', 'Køge', ${VALID.message},
          null, null, null, ${"0".repeat(64)}, 'hash-a', null, 10, 10, 10, 60, null,
          p_starts_at => ${other.start}, p_ends_at => ${other.end}, p_buffer_minutes => 30)`;
      return stored.kind;
    });
    const [second] = await Promise.all([first.then(() => args("3")), first]);
    expect(await first).toBe("created");
    expect(second[0].kind).toBe("slotTaken");
  });

  it("keeps at most 3 active bookings per phone number, per mailbox and per client", async () => {
    for (const [as, label] of /** @type {const} */ ([
      [{ phone: "+45 41 41 41 41" }, "phone"],
      [{ email: "samme+tag@Example.dk" }, "mailbox"],
      [{ ip: "10.8.8.8" }, "client"],
    ])) {
      await h.sql`delete from quote_requests`;
      // Each booking takes its time and the drive around it: the next is one of the times still free.
      for (let count = 0; count < 3; count++) expect((await book((await slots())[0].start, as)).status, label).toBe(200);
      const fourth = await book((await slots())[0].start, label === "mailbox" ? { email: "SAMME@example.dk" } : as);
      expect(fourth.status, label).toBe(429);
      expect((await fourth.json()).error).toMatch(/allerede 3 kommende besigtigelser/);
    }
  });

  it("frees the time when the customer cancels through the link of the confirmation, and says so with a cancellation", async () => {
    const [slot] = await slots();
    const { id } = await (await book(slot.start, { email: "aflys@example.dk" })).json();
    const [confirmation] = await mailTo("aflys@example.dk");
    const link = linkOf(confirmation);
    expect((await change(`${id}.${"0".repeat(32)}`, { action: "cancel" })).status).toBe(404);
    const cancelled = await change(link, { action: "cancel" });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ cancelled: true });
    await h.settled();
    expect((await slots()).map((free) => free.start)).toContain(slot.start);
    const update = (await mailTo("aflys@example.dk")).find((mail) => mail.parsed.subject?.startsWith("Din besigtigelse er aflyst"));
    expect(update).toBeDefined();
    const invitation = invitationOf(update);
    expect(invitation.method).toBe("CANCEL");
    expect(invitation.events[0]).toMatchObject({ uid: eventUid(id), sequence: 1, status: "CANCELLED" });
    expect((await h.mailbox.all()).some((mail) => mail.parsed.subject?.startsWith("Besigtigelse aflyst"))).toBe(true);
    // The link is that booking's only, and a cancelled visit cannot be cancelled again.
    expect((await change(link, { action: "cancel" })).status).toBe(410);
  });

  it("moves a booking by the firm's command: the customer's updated invitation has the same UID and one more SEQUENCE", async () => {
    const free = await slots();
    const { id } = await (await book(free[0].start, { email: "flyt@example.dk" })).json();
    const to = new Date(free.at(-1)?.start ?? "");
    const local = to.toLocaleString("sv-SE", { timeZone: "Europe/Copenhagen" }).slice(0, 16);
    const { stdout } = await h.script(BOOKINGS_SCRIPT, "move", id, local);
    expect(stdout).toMatch(/^Flyttet til/);
    expect((await h.retry()).status).toBe(200);
    const update = (await mailTo("flyt@example.dk")).find((mail) => mail.parsed.subject?.startsWith("Din besigtigelse er flyttet"));
    const invitation = invitationOf(update);
    expect(invitation.method).toBe("REQUEST");
    expect(invitation.events[0]).toMatchObject({ uid: eventUid(id), sequence: 1, status: "CONFIRMED", start: to });
  });

  it("lists the visits in the firm's private feed, whose address the command issues and revokes", async () => {
    const [slot] = await slots();
    const { id } = await (await book(slot.start)).json();
    const { stdout } = await h.script(BOOKINGS_SCRIPT, "feed");
    const token = /[?&]feed=([\w-]+)/.exec(stdout)?.[1];
    expect(token).toBeDefined();
    const feed = await fetch(`${h.functions.submitUrl}?feed=${token}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
    const calendar = parseICalendar(await feed.text());
    expect(calendar.method).toBe("PUBLISH");
    expect(calendar.events.map((event) => event.uid)).toContain(eventUid(id));
    expect((await fetch(`${h.functions.submitUrl}?feed=guessed`)).status).toBe(404);
    await h.script(BOOKINGS_SCRIPT, "feed", "--revoke");
    expect((await fetch(`${h.functions.submitUrl}?feed=${token}`)).status).toBe(404);
  });

  it("reminds the customer the day before by e-mail, and by SMS only when the firm turns it on", async () => {
    const [slot] = await slots();
    const { id } = await (await book(slot.start, { email: "husk@example.dk", phone: "51 52 53 54" })).json();
    const reminders =
      await h.sql`select channel, next_attempt_at from deliveries where request_id = ${id} and channel like 'booking_reminder%'`;
    for (const reminder of reminders) expect(reminder.next_attempt_at.getTime()).toBeLessThan(Date.parse(slot.start));
    await h.sql`update deliveries set next_attempt_at = now() where request_id = ${id} and channel like 'booking_reminder%'`;
    await h.retry();
    expect((await mailTo("husk@example.dk")).some((mail) => mail.parsed.subject?.startsWith("Påmindelse"))).toBe(true);
    expect((await h.deliveries(id)).booking_reminder_sms).toMatchObject({ state: "skipped", note: "reminder SMS off" });
    // Only the firm's SMS about the lead.
    expect(h.sms.messages).toHaveLength(1);

    await h.sql`update site_facts set facts = jsonb_set(facts, '{inspections,reminderSms}', 'true')`;
    await h.sql`update deliveries set state = 'due', note = null, next_attempt_at = now() where request_id = ${id} and channel = 'booking_reminder_sms'`;
    await h.retry();
    const reminder = h.sms.messages.find((text) => text.recipients.includes("4551525354"));
    expect(reminder?.message).toMatch(/^Påmindelse: gratis besigtigelse/);
    await h.sql`update site_facts set facts = jsonb_set(facts, '{inspections,reminderSms}', 'false')`;
  });
});
