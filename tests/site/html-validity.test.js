// The Nu Html Checker (vnu-jar, run with the system's Java) over every page of dist/.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { DIST, htmlFiles } from "../support/site.js";

const vnuJar = createRequire(import.meta.url)("vnu-jar");

describe("HTML validity", () => {
  it("reports no errors on any page", async () => {
    const files = htmlFiles();
    expect(files.length).toBeGreaterThanOrEqual(25);
    const { stderr } = await promisify(execFile)(
      "java",
      ["-jar", vnuJar, "--errors-only", "--format", "json", ...files.map((file) => join(DIST, file))],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error) => error);
    const { messages } = JSON.parse(stderr);
    // The checker also reads the inline <style>; its CSS grammar predates what Tailwind 4 writes (@property,
    // margin-trim), and the stylesheet was never checked as a file either: HTML errors only.
    const errors = messages
      .filter((message) => !message.message.startsWith("CSS: "))
      .map((message) => `${message.url?.replace(`file:${DIST}`, "")}:${message.lastLine} ${message.message}`);
    expect(errors).toEqual([]);
  });
});
