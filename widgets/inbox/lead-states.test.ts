// The states as buttons show them: the order the firm works a lead, the Danish labels, which count as
// open (the list's default view), and the reason a lost lead needs.
import { describe, expect, it } from "vitest";
import { LOST_REASON_MAX, STATES, isOpen, needsReason, reasonProblem, stateLabel } from "./lead-states.ts";

describe("a lead's states", () => {
  it("lists them in the order a lead is worked, with their Danish labels", () => {
    expect(STATES.map(({ label }) => label)).toEqual(["Ny", "Ringet op", "Besigtigelse aftalt", "Tilbud sendt", "Vundet", "Tabt"]);
    expect(stateLabel("ringet_op")).toBe("Ringet op");
    expect(stateLabel("ukendt")).toBe("ukendt");
  });

  it("counts every state but won and lost as open", () => {
    expect(STATES.filter(({ key }) => isOpen(key)).map(({ key }) => key)).toEqual(["ny", "ringet_op", "besigtigelse", "tilbud_sendt"]);
  });

  it("asks why only when a lead is lost, and takes a reason of 1 to 300 characters", () => {
    expect(STATES.filter(({ key }) => needsReason(key)).map(({ key }) => key)).toEqual(["tabt"]);
    expect(reasonProblem("  ")).toMatch(/hvorfor/);
    expect(reasonProblem("Valgte en anden")).toBeNull();
    expect(reasonProblem("x".repeat(LOST_REASON_MAX))).toBeNull();
    expect(reasonProblem("x".repeat(LOST_REASON_MAX + 1))).toMatch(/300 tegn/);
  });
});
