// `npm ci` on the project's Node (.nvmrc) must install every locked package without an engine warning:
// a package that wants a newer Node may work today and break on any patch release.
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const nvmrc = readFileSync(new URL(".nvmrc", root), "utf8").trim();
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8"));

/** The oldest Node the project says it runs on: the lower bound of package.json "engines". */
const oldestNode = semver.minVersion(manifest.engines.node)?.version ?? "";

describe("the Node version", () => {
  it("is one line: .nvmrc names the major of package.json engines' lower bound", () => {
    expect(semver.major(oldestNode)).toBe(Number(nvmrc));
  });

  it("is supported by every locked package that declares engines.node", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== "" && typeof entry.engines?.node === "string")
      .filter(([, entry]) => !semver.satisfies(oldestNode, entry.engines.node))
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, "")}@${entry.version} wants node ${entry.engines.node}`);
    expect(refusing).toEqual([]);
  });
});
