// The instance's room for bodies with photos (supabase/functions/_shared/admission.ts), as pure
// bookkeeping: what a chunk that does not fit ends, and what a slow body holds. The same rules under
// Deno, with real slow and large bodies, are in tests/backend/admission.test.js.
import { describe, expect, it } from "vitest";
import { createAdmission, InstanceBusy, PHOTO_BODIES_PER_CLIENT, PHOTO_BYTES_HELD } from "../../supabase/functions/_shared/admission.ts";

const LIMITS = { perClient: 5, windowMinutes: 60 };
const MB = 1024 * 1024;

/** A body with photos admitted for `client`, and whether its reading was stopped to make room. */
function arriving(/** @type {ReturnType<typeof createAdmission>} */ admission, /** @type {string} */ client) {
  const ticket = admission.admit(client, { photos: true, retry: false });
  if ("kind" in ticket) throw new Error(`refused: ${ticket.kind}`);
  const body = { ticket, stopped: false };
  ticket.onEnd(() => {
    body.stopped = true;
  });
  return body;
}

describe("the room for bodies with photos", () => {
  it("holds for a slow body only the bytes it sent: others are read beside many of them", () => {
    const admission = createAdmission(LIMITS);
    const slow = Array.from({ length: 30 }, (_, n) => arriving(admission, `10.0.0.${n}`));
    for (const body of slow) body.ticket.hold(200);
    const customer = arriving(admission, "10.1.0.1");
    customer.ticket.hold(15 * MB);
    expect(customer.ticket.ended).toBe(false);
    expect(slow.some((body) => body.stopped)).toBe(false);
  });

  it("makes room for a chunk by ending the bodies that arrived after its own, newest first", () => {
    const admission = createAdmission(LIMITS);
    const [oldest, middle, newest] = ["10.0.0.1", "10.0.0.2", "10.0.0.3"].map((ip) => arriving(admission, ip));
    const share = (/** @type {number} */ part) => Math.floor(PHOTO_BYTES_HELD * part);
    oldest.ticket.hold(share(0.4));
    middle.ticket.hold(share(0.3));
    newest.ticket.hold(share(0.25));
    // The oldest needs more than is free: ending the newest makes room, so the middle one is not ended.
    oldest.ticket.hold(share(0.2));
    expect([oldest.stopped, middle.stopped, newest.stopped]).toEqual([false, false, true]);
    expect(newest.ticket.ended).toBe(true);
    expect(() => newest.ticket.hold(1)).toThrow(InstanceBusy);
  });

  it("ends a body's own reading when only older bodies hold the room", () => {
    const admission = createAdmission(LIMITS);
    const older = arriving(admission, "10.0.0.1");
    const newer = arriving(admission, "10.0.0.2");
    older.ticket.hold(PHOTO_BYTES_HELD - MB);
    expect(() => newer.ticket.hold(2 * MB)).toThrow(InstanceBusy);
    expect(older.stopped).toBe(false);
  });

  it("never ends a body that has arrived whole, and gives its bytes back once released", () => {
    const admission = createAdmission(LIMITS);
    const whole = arriving(admission, "10.0.0.1");
    whole.ticket.hold(PHOTO_BYTES_HELD - MB);
    whole.ticket.arrived();
    const next = arriving(admission, "10.0.0.2");
    expect(() => next.ticket.hold(2 * MB)).toThrow(InstanceBusy);
    expect(whole.stopped).toBe(false);
    whole.ticket.release();
    const after = arriving(admission, "10.0.0.3");
    after.ticket.hold(PHOTO_BYTES_HELD);
    expect(after.ticket.ended).toBe(false);
  });

  it("gives one body at a time its turn to be stored, the next in order of arrival", async () => {
    const admission = createAdmission(LIMITS);
    const [first, second] = ["10.0.0.1", "10.0.0.2"].map((ip) => arriving(admission, ip));
    expect(await first.ticket.turn(1_000)).toBe(true);
    const waiting = second.ticket.turn(60_000);
    first.ticket.release();
    expect(await waiting).toBe(true);
  });

  it("admits at most a few bodies with photos per client at a time", () => {
    const admission = createAdmission(LIMITS);
    for (let n = 0; n < PHOTO_BODIES_PER_CLIENT; n++) arriving(admission, "10.0.0.1");
    expect(admission.admit("10.0.0.1", { photos: true, retry: false })).toMatchObject({ kind: "limited" });
    expect(admission.admit("10.0.0.2", { photos: true, retry: false })).not.toHaveProperty("kind");
  });
});
