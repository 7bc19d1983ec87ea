// `npm ci` must leave a tree npm itself calls valid (`npm ls --all` exits 0): an invalid edge hides the
// one that matters among a hundred that do not. Decap CMS's source packages ask for React 16-18 and an
// old Slate, but the build ships only Decap's own bundle, which carries its own React (package.json
// "overrides" says so to npm); Lighthouse's trace engine asks for "latest", which npm cannot check.
import { execFileSync } from "node:child_process";
import { lstatSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** npm's own list of the installed tree's problems ("invalid: …", "missing: …", "extraneous: …"). */
function problems() {
  let out = "";
  try {
    out = execFileSync("npm", ["ls", "--all", "--json"], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 << 20,
    });
  } catch (error) {
    out = /** @type {{ stdout: string }} */ (error).stdout;
  }
  return /** @type {string[]} */ (JSON.parse(out).problems ?? []);
}

describe("the installed dependency tree", () => {
  // Only "invalid" is the manifests' doing: "missing" and "extraneous" describe an install that `npm ci`
  // did not make. A git worktree that borrows another checkout's node_modules through a link is not
  // an install at all: npm ls reads those packages as outside the project and applies no overrides.
  const borrowed = lstatSync(new URL("../../node_modules", import.meta.url)).isSymbolicLink();
  it.skipIf(borrowed)("satisfies every declared dependency and peer dependency", () => {
    expect(problems().filter((problem) => problem.startsWith("invalid"))).toEqual([]);
  });
});
