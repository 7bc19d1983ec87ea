// The Nu Html Checker (vnu-jar, run with the system's Java) over every page of dist/.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { DIST, htmlFiles } from "../support/site.js";

const vnuJar = createRequire(import.meta.url)("vnu-jar");

/**
 * The checker (vnu-jar 26.9) allows `blocking` on a stylesheet link only; the HTML standard allows it on
 * `<link rel="expect">` too (its "expect" link type), which every page uses to draw the header only
 * whole (site/_includes/layouts/base.njk). That one message, on that one element, is the checker's lag.
 */
function isRelExpectLag(message) {
  if (!message.message.startsWith("A “link” element with a “blocking” attribute must have a “rel” attribute")) return false;
  const line = readFileSync(fileURLToPath(message.url), "utf8").split("\n")[message.lastLine - 1] ?? "";
  return /<link rel="expect" href="#[\w-]+" blocking="render">/.test(line);
}

/**
 * The checker runs for a few seconds, too short for Java's optimising compiler to pay back what it costs:
 * with the quick compiler alone it checks every page in half the CPU time. Code from that compiler takes
 * more stack, and the checker's schema recurses deeply: 1 MB (the default) overflows, so it gets 8.
 */
const JAVA_FOR_A_SHORT_RUN = ["-XX:TieredStopAtLevel=1", "-Xss8m"];

describe("HTML validity", () => {
  it("reports no errors on any page", async () => {
    const files = htmlFiles();
    expect(files.length).toBeGreaterThanOrEqual(25);
    const { stderr } = await promisify(execFile)(
      "java",
      [...JAVA_FOR_A_SHORT_RUN, "-jar", vnuJar, "--errors-only", "--format", "json", ...files.map((file) => join(DIST, file))],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error) => error);
    const { messages } = JSON.parse(stderr);
    // The checker also reads the inline <style>; its CSS grammar predates what Tailwind 4 writes (@property,
    // margin-trim), and the stylesheet was never checked as a file either: HTML errors only.
    const errors = messages
      .filter((message) => !message.message.startsWith("CSS: "))
      .filter((message) => !isRelExpectLag(message))
      .map((message) => `${message.url?.replace(`file:${DIST}`, "")}:${message.lastLine} ${message.message}`);
    expect(errors).toEqual([]);
  });
});
