// The free times of the free inspections, as a pure function of the settings, the booked visits and the
// clock: Copenhagen's hours on both sides of the changes to and from summer time (the last Sundays of
// March and October), the weekdays, closed days, notice and the day's most, and the drive between visits
// growing with the distance from the base.
import { describe, expect, it } from "vitest";
import {
  bufferMinutes,
  copenhagenMoment,
  freeSlots,
  haversineKm,
  nearestSlots,
  townOf,
  visitAt,
} from "../../supabase/functions/_shared/booking-slots.ts";
import { copenhagenDay as copenhagenDayOf, danishVisit } from "../../supabase/functions/_shared/copenhagen-time.js";
import { siteFacts } from "../../site/_lib/site-facts.js";

const base = { latitude: 55.3567, longitude: 12.0861 };
const near = { name: "Nærby", postalCode: "4682", latitude: 55.37, longitude: 12.1 };
const far = { name: "Fjernby", postalCode: "4200", latitude: 55.4, longitude: 11.35 };
/** @param {Partial<import("../../supabase/functions/_shared/booking-slots.ts").Inspections>} [inspections] */
const factsWith = (inspections = {}, closedDays = /** @type {string[]} */ ([])) => ({
  base,
  areas: [near, far],
  closedDays,
  inspections: {
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    opens: "08:00",
    closes: "12:00",
    durationMinutes: 60,
    perDay: 9,
    noticeDays: 0,
    bufferMinutes: 0,
    kmPerHour: 50,
    reminderSms: false,
    ...inspections,
  },
});
const startsOn = (/** @type {{ start: string }[]} */ slots, /** @type {string} */ day) =>
  slots.filter((slot) => copenhagenDayOf(new Date(slot.start)) === day).map((slot) => slot.start);

describe("Copenhagen time across the changes of summer time", () => {
  it("08:00 is 08:00 on the last Sunday of March and the days around it", () => {
    expect(copenhagenMoment("2027-03-27", "08:00").toISOString()).toBe("2027-03-27T07:00:00.000Z");
    expect(copenhagenMoment("2027-03-28", "08:00").toISOString()).toBe("2027-03-28T06:00:00.000Z");
    expect(copenhagenMoment("2027-03-28", "01:30").toISOString()).toBe("2027-03-28T00:30:00.000Z");
    expect(copenhagenMoment("2027-03-28", "03:30").toISOString()).toBe("2027-03-28T01:30:00.000Z");
  });

  it("08:00 is 08:00 on the last Sunday of October and the days around it", () => {
    expect(copenhagenMoment("2026-10-24", "08:00").toISOString()).toBe("2026-10-24T06:00:00.000Z");
    expect(copenhagenMoment("2026-10-25", "08:00").toISOString()).toBe("2026-10-25T07:00:00.000Z");
    expect(copenhagenMoment("2026-10-26", "00:00").toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(copenhagenDayOf(new Date("2026-10-25T22:59:00Z"))).toBe("2026-10-25");
    expect(copenhagenDayOf(new Date("2026-10-25T23:00:00Z"))).toBe("2026-10-26");
  });

  it("offers the same clock times on the change days as on the days before", () => {
    for (const [before, change] of [
      ["2027-03-27", "2027-03-28"],
      ["2026-10-24", "2026-10-25"],
    ]) {
      const slots = freeSlots({ facts: factsWith(), taken: [], now: new Date(`${before}T00:00:00Z`), buffer: 0, days: 3 });
      const clock = (/** @type {string} */ iso) =>
        new Date(iso).toLocaleTimeString("da-DK", { timeZone: "Europe/Copenhagen", hour: "2-digit", minute: "2-digit" });
      expect(startsOn(slots, change).map(clock)).toEqual(["08.00", "09.00", "10.00", "11.00"]);
      expect(startsOn(slots, before).map(clock)).toEqual(startsOn(slots, change).map(clock));
      // An hour long in real time, too, on the day the clock jumps.
      for (const slot of slots) expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(3_600_000);
    }
  });
});

describe("a visit in Danish", () => {
  it("names the Copenhagen day once, with 'den', on both sides of the change to summer time", () => {
    expect(danishVisit({ start: "2026-03-28T08:00:00Z", end: "2026-03-28T09:00:00Z" })).toBe("lørdag den 28. marts 2026 kl. 09.00–10.00");
    expect(danishVisit({ start: "2026-03-30T07:00:00Z", end: "2026-03-30T08:00:00Z" })).toBe("mandag den 30. marts 2026 kl. 09.00–10.00");
    // 23.30 UTC on a Sunday is already Monday in Copenhagen.
    expect(danishVisit({ start: new Date("2026-11-29T23:30:00Z"), end: "2026-11-30T00:30:00Z" })).toBe(
      "mandag den 30. november 2026 kl. 00.30–01.30",
    );
  });
});

describe("the free times", () => {
  const monday = new Date("2026-11-30T05:00:00Z");

  it("keep to the weekdays, the closed days, the notice and the number of days ahead", () => {
    const facts = factsWith({ days: ["Monday", "Wednesday"], noticeDays: 1 }, ["2026-12-02"]);
    const days = new Set(freeSlots({ facts, taken: [], now: monday, buffer: 0 }).map((slot) => copenhagenDayOf(new Date(slot.start))));
    // Not Monday the 30th (notice), not Wednesday the 2nd (closed); two weeks ahead at most.
    expect([...days]).toEqual(["2026-12-07", "2026-12-09"]);
  });

  it("never offer a time already begun, nor one past the hours", () => {
    const slots = freeSlots({ facts: factsWith(), taken: [], now: new Date("2026-11-30T08:30:00Z"), buffer: 0, days: 1 });
    expect(slots.map((slot) => slot.start)).toEqual(["2026-11-30T09:00:00.000Z", "2026-11-30T10:00:00.000Z"]);
  });

  it("leave out a day that has its most visits, and every time whose drive meets a booked visit", () => {
    const facts = factsWith({ perDay: 1 });
    const booked = visitAt(new Date("2026-12-01T10:00:00Z"), facts, 30);
    const taken = [{ from: booked.from, to: booked.to, day: "2026-12-01" }];
    expect(startsOn(freeSlots({ facts, taken, now: monday, buffer: 0 }), "2026-12-01")).toEqual([]);
    const open = factsWith({ perDay: 5 });
    // Booked 11:00–12:00 Copenhagen time (10:00Z) with 30 minutes each side: 10:00–11:00 meets it, and
    // with 45 minutes of its own, 09:00–10:00 does too.
    expect(startsOn(freeSlots({ facts: open, taken, now: monday, buffer: 0 }), "2026-12-01")).toEqual([
      "2026-12-01T07:00:00.000Z",
      "2026-12-01T08:00:00.000Z",
    ]);
    expect(startsOn(freeSlots({ facts: open, taken, now: monday, buffer: 45 }), "2026-12-01")).toEqual(["2026-12-01T07:00:00.000Z"]);
  });

  it("give a visit far from the base more time on either side than one near it, and an unknown town the farthest's", () => {
    const facts = factsWith({ bufferMinutes: 10 });
    expect(haversineKm(base, far)).toBeGreaterThan(40);
    expect(bufferMinutes(facts, near)).toBeLessThan(bufferMinutes(facts, far));
    expect(bufferMinutes(facts, near)).toBeGreaterThanOrEqual(10);
    expect(bufferMinutes(facts, null)).toBe(bufferMinutes(facts, far));
    expect(bufferMinutes(factsWith({ bufferMinutes: 10, kmPerHour: 25 }), far)).toBeGreaterThan(bufferMinutes(facts, far));
  });

  it("offer the nearest free times to one that was taken, in time order", () => {
    const slots = ["08", "09", "10", "11", "12"].map((hour) => ({ start: `2026-12-01T${hour}:00:00.000Z`, end: "" }));
    expect(nearestSlots(slots, new Date("2026-12-01T10:00:00Z")).map((slot) => slot.start.slice(11, 13))).toEqual(["09", "10", "11"]);
  });
});

describe("the town of a typed address", () => {
  it("is an area by its name or postcode, else the area of the nearest postcode, else none", () => {
    expect(townOf("Nærbyvej 3, Nærby", [near, far])?.name).toBe("Nærby");
    expect(townOf("Stationsvej 1, 4200", [near, far])?.name).toBe("Fjernby");
    expect(townOf("Skovvej 2, 4690 Haslev", [near, far])?.name).toBe("Nærby");
    expect(townOf("Skovvej 2", [near, far])).toBeNull();
  });

  it("works on the towns the site publishes, each with coordinates", () => {
    const { areas } = siteFacts();
    for (const area of areas) {
      expect(area.latitude, area.name).toBeTypeOf("number");
      expect(townOf(`${area.postalCode} ${area.name}`, /** @type {any} */ (areas))?.name).toBe(area.name);
    }
  });
});
