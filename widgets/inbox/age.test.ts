// A lead's age as the list prints it, on the Copenhagen clock: minutes within the hour, hours within the
// same day, 'i går' for the calendar day before (also when less than 24 hours have passed), days within
// the week, then the date.
import { describe, expect, it } from "vitest";
import { ageText, clockTime, whenText } from "./age.ts";

const at = (iso: string) => new Date(iso);

describe("a lead's age", () => {
  it("counts minutes within the first hour", () => {
    const now = at("2026-11-10T13:32:00Z");
    expect(ageText(at("2026-11-10T13:31:30Z"), now)).toBe("lige nu");
    expect(ageText(at("2026-11-10T13:20:00Z"), now)).toBe("for 12 min siden");
    expect(ageText(at("2026-11-10T12:32:30Z"), now)).toBe("for 59 min siden");
  });

  it("counts hours on the same Copenhagen day", () => {
    const now = at("2026-11-10T13:32:00Z");
    expect(ageText(at("2026-11-10T12:30:00Z"), now)).toBe("for 1 time siden");
    expect(ageText(at("2026-11-10T08:00:00Z"), now)).toBe("for 5 timer siden");
  });

  it("says 'i går' for the day before in Copenhagen, whatever the hours", () => {
    // 00:10 in Copenhagen (UTC+1 in November) after 23:50 the evening before: 20 minutes, the clock
    // still says minutes; two hours after an evening lead, 'i går'.
    expect(ageText(at("2026-11-09T22:50:00Z"), at("2026-11-09T23:10:00Z"))).toBe("for 20 min siden");
    expect(ageText(at("2026-11-09T21:30:00Z"), at("2026-11-09T23:40:00Z"))).toBe("i går");
    expect(ageText(at("2026-11-09T07:00:00Z"), at("2026-11-10T20:00:00Z"))).toBe("i går");
  });

  it("counts days within the week, then gives the date", () => {
    const now = at("2026-11-10T12:00:00Z");
    expect(ageText(at("2026-11-06T12:00:00Z"), now)).toBe("for 4 dage siden");
    expect(ageText(at("2026-11-01T12:00:00Z"), now)).toBe("1.11.2026");
  });

  it("never says a lead comes from the future when the phone's clock is behind", () => {
    expect(ageText(at("2026-11-10T12:01:00Z"), at("2026-11-10T12:00:00Z"))).toBe("lige nu");
  });
});

describe("times in the history and the offline notice", () => {
  it("prints the Copenhagen clock as the site does, with summer time", () => {
    expect(clockTime(at("2026-11-10T13:32:00Z"))).toBe("kl. 14.32");
    expect(clockTime(at("2026-07-10T13:32:00Z"))).toBe("kl. 15.32");
  });

  it("names today and yesterday, and dates the rest", () => {
    const now = at("2026-11-10T13:32:00Z");
    expect(whenText(at("2026-11-10T08:05:00Z"), now)).toBe("i dag kl. 09.05");
    expect(whenText(at("2026-11-09T08:05:00Z"), now)).toBe("i går kl. 09.05");
    expect(whenText(at("2026-11-03T08:05:00Z"), now)).toBe("3.11.2026 kl. 09.05");
  });
});
