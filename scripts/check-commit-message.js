// The commit-msg hook (.githooks/commit-msg, installed by `npm ci` through the "prepare" script):
// refuses a message whose subject is not `area: what changed` in at most 72 characters, or whose
// subject runs on into the body, so `git log --oneline` stays readable.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const MAX_SUBJECT = 72;

/**
 * The problems with a commit message, in words; empty when it may be committed.
 * @param {string} message
 */
export function commitMessageProblems(message) {
  const lines = message
    .split("\n")
    .filter((line) => !line.startsWith("#"))
    .join("\n")
    .trim()
    .split("\n");
  const subject = lines[0] ?? "";
  // Subjects git writes itself (a merge, a revert, an autosquash marker) are left as git writes them.
  if (/^(Merge|Revert|fixup!|squash!|amend!) /.test(subject)) return [];
  /** @type {string[]} */
  const problems = [];
  if (subject.length > MAX_SUBJECT) {
    problems.push(`the subject has ${subject.length} characters; at most ${MAX_SUBJECT}: put the why in the body`);
  }
  if (!/^[a-z0-9][\w./-]*(?:\([\w./-]+\))?: \S/.test(subject)) {
    problems.push('the subject reads "area: what changed", e.g. "form: keep the key on a manual resend"');
  }
  if (lines.length > 1 && lines[1] !== "") problems.push("a blank line goes between the subject and the body");
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: check-commit-message.js <message file>");
  const problems = commitMessageProblems(readFileSync(file, "utf8"));
  if (problems.length > 0) {
    console.error(`Commit refused:\n${problems.map((problem) => `- ${problem}`).join("\n")}`);
    process.exit(1);
  }
}
