import { describe, expect, it } from "vitest";
import { openNow, type PhoneHours, phoneHoursFrom } from "./open-now.ts";

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const hours: PhoneHours = { days: WEEKDAYS, opens: "08:00", closes: "17:00", closedDays: ["2026-12-24", "2026-12-25", "2026-12-31"] };
const at = (iso: string) => openNow(hours, new Date(iso));

describe("whether the phone is answered now, in Copenhagen", () => {
  it("is open on a weekday between opening and closing, and says until when", () => {
    // Tuesday 17 November 2026, 10:00 in Copenhagen (winter time, UTC+1).
    expect(at("2026-11-17T09:00:00Z")).toEqual({ open: true, text: "Åben nu · til kl. 17" });
  });

  it("opens at the minute of opening and closes at the minute of closing", () => {
    expect(at("2026-11-17T07:00:00Z").open).toBe(true); // 08:00
    expect(at("2026-11-17T06:59:00Z")).toEqual({ open: false, text: "Lukket nu · åbner kl. 8" });
    expect(at("2026-11-17T15:59:00Z").open).toBe(true); // 16:59
    expect(at("2026-11-17T16:00:00Z")).toEqual({ open: false, text: "Lukket nu · åbner i morgen kl. 8" });
  });

  it("names the weekday it opens on after a weekend", () => {
    // Friday evening, Saturday, Sunday: Monday. Sunday says 'i morgen'.
    expect(at("2026-11-20T18:00:00Z").text).toBe("Lukket nu · åbner mandag kl. 8");
    expect(at("2026-11-21T11:00:00Z").text).toBe("Lukket nu · åbner mandag kl. 8");
    expect(at("2026-11-22T11:00:00Z").text).toBe("Lukket nu · åbner i morgen kl. 8");
  });

  it("reads the Copenhagen clock across the change to summer time (last Sunday of March)", () => {
    // Monday 30 March 2026, 06:30 UTC: 08:30 in summer time. A fixed UTC+1 would say 07:30, closed.
    expect(at("2026-03-30T06:30:00Z").open).toBe(true);
    // Friday 27 March 2026, 15:30 UTC: 16:30 in winter time, still open; 16:30 UTC is 17:30, closed.
    expect(at("2026-03-27T15:30:00Z").open).toBe(true);
    expect(at("2026-03-27T16:30:00Z").open).toBe(false);
    // Sunday 29 March, the night of the change: the next opening is Monday, 'i morgen'.
    expect(at("2026-03-29T01:30:00Z").text).toBe("Lukket nu · åbner i morgen kl. 8");
  });

  it("reads the Copenhagen clock across the change to winter time (last Sunday of October)", () => {
    // Monday 26 October 2026, 15:30 UTC: 16:30 in winter time, open. A fixed UTC+2 would say 17:30, closed.
    expect(at("2026-10-26T15:30:00Z").open).toBe(true);
    // Friday 23 October, 06:30 UTC: 08:30 in summer time, open; a fixed UTC+1 would say 07:30.
    expect(at("2026-10-23T06:30:00Z").open).toBe(true);
    // The Copenhagen day, not the UTC day: Sunday 25 October 22:30 UTC is Sunday 23:30 in Copenhagen.
    expect(at("2026-10-25T22:30:00Z").text).toBe("Lukket nu · åbner i morgen kl. 8");
    expect(at("2026-10-25T23:30:00Z").text).toBe("Lukket nu · åbner kl. 8");
  });

  it("is closed all day on a closed day the firm lists, and skips it when it says when it opens", () => {
    // Thursday 24 December 2026 at 10:00: closed; 25 December too; Monday 28 December it opens.
    expect(at("2026-12-24T09:00:00Z")).toEqual({ open: false, text: "Lukket nu · åbner mandag kl. 8" });
    // Wednesday 23 December after hours: not 'i morgen', since the 24th is closed.
    expect(at("2026-12-23T17:00:00Z").text).toBe("Lukket nu · åbner mandag kl. 8");
    // Wednesday 30 December after hours: the 31st is closed, Friday 1 January is a weekday.
    expect(at("2026-12-30T17:00:00Z").text).toBe("Lukket nu · åbner fredag kl. 8");
  });

  it("says the date too when the next opening is a week or more away", () => {
    const holiday = { ...hours, closedDays: ["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01"] };
    // Saturday 26 December: the phone is next answered on Monday 4 January.
    expect(openNow(holiday, new Date("2026-12-26T10:00:00Z")).text).toBe("Lukket nu · åbner 4.1. kl. 8");
  });

  // At night the line said 'Lukket nu' right above 'Døgnvagt 24/7 ved akutte fejl' on the same number.
  it("says 'Døgnvagt nu' outside the hours where a døgnvagt answers, never 'Lukket nu'", () => {
    const emergency = { ...hours, emergency: true };
    const state = (iso: string) => openNow(emergency, new Date(iso));
    expect(state("2026-11-17T09:00:00Z")).toEqual({ open: true, text: "Åben nu · til kl. 17" });
    expect(state("2026-11-17T06:59:00Z")).toEqual({ open: false, text: "Døgnvagt nu · åbner kl. 8" });
    expect(state("2026-11-17T16:00:00Z").text).toBe("Døgnvagt nu · åbner i morgen kl. 8");
    expect(state("2026-12-24T09:00:00Z").text).toBe("Døgnvagt nu · åbner mandag kl. 8");
    const closedLong = {
      ...emergency,
      closedDays: Array.from({ length: 40 }, (_, day) => new Date(Date.UTC(2026, 11, 14 + day)).toISOString().slice(0, 10)),
    };
    expect(openNow(closedLong, new Date("2026-12-15T10:00:00Z")).text).toBe("Døgnvagt nu");
    // Every half hour of four weeks: no state of a firm with a døgnvagt says 'Lukket'.
    for (let at = Date.parse("2026-12-14T00:00:00Z"); at < Date.parse("2027-01-11T00:00:00Z"); at += 1_800_000)
      expect(state(new Date(at).toISOString()).text).not.toMatch(/Lukket/);
  });

  it("reads whether there is a døgnvagt from business.yaml's hours", () => {
    const business = { hours: { phone: { days: WEEKDAYS, opens: "08:00", closes: "17:00" }, closedDays: [] } };
    expect(phoneHoursFrom({ hours: { ...business.hours, emergency: "Døgnvagt 24/7 ved akutte fejl" } }).emergency).toBe(true);
    expect(phoneHoursFrom(business).emergency).toBe(false);
  });

  it("writes minutes where the hours have them", () => {
    const half = { ...hours, opens: "07:30", closes: "16:30" };
    expect(openNow(half, new Date("2026-11-17T09:00:00Z")).text).toBe("Åben nu · til kl. 16.30");
    expect(openNow(half, new Date("2026-11-17T05:00:00Z")).text).toBe("Lukket nu · åbner kl. 7.30");
  });
});
