import { describe, expect, it } from "vitest";
import { commitMessageProblems, MAX_SUBJECT } from "../../scripts/check-commit-message.js";

describe("the commit-msg check", () => {
  it("accepts `area: what changed` with a blank line before the body", () => {
    expect(commitMessageProblems("form: keep the key on a manual resend\n\nWhy it matters.\n")).toEqual([]);
    expect(commitMessageProblems("fix(etag): answer 304 to a weak match\n")).toEqual([]);
  });

  it(`refuses a subject over ${MAX_SUBJECT} characters, and counts only the subject`, () => {
    const subject = `site: ${"x".repeat(MAX_SUBJECT - 5)}`;
    expect(commitMessageProblems(subject)).toHaveLength(1);
    expect(commitMessageProblems(`${subject.slice(0, MAX_SUBJECT)}\n\n${"long body ".repeat(40)}`)).toEqual([]);
  });

  it("refuses a subject without an area, and a body that starts on the second line", () => {
    expect(commitMessageProblems("Fixed the form")).toHaveLength(1);
    expect(commitMessageProblems("form: fix it\nmore text")).toHaveLength(1);
  });

  it("ignores git's comment lines and leaves merge subjects as git writes them", () => {
    expect(commitMessageProblems("# Please enter the commit message\nsite: add a page\n")).toEqual([]);
    expect(commitMessageProblems("Merge branch 'deploy'\n")).toEqual([]);
  });
});
