import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanOutput } from "../../site/_lib/clean-output.js";
import { testFolder } from "../support/temp-folder.js";

describe("cleanOutput", () => {
  it("removes last build's pages and stylesheets but keeps the content-hashed images", async () => {
    const dir = testFolder("dist-");
    mkdirSync(join(dir, "assets"));
    mkdirSync(join(dir, "img"));
    writeFileSync(join(dir, "assets/site.old.css"), "");
    writeFileSync(join(dir, "old-page.html"), "");
    writeFileSync(join(dir, "img/abc-480.avif"), "");
    await cleanOutput(dir);
    expect(existsSync(join(dir, "assets"))).toBe(false);
    expect(existsSync(join(dir, "old-page.html"))).toBe(false);
    expect(existsSync(join(dir, "img/abc-480.avif"))).toBe(true);
  });

  it("accepts an output folder that does not exist yet", async () => {
    await expect(cleanOutput(join(tmpdir(), "no-such-dist-folder"))).resolves.toBeUndefined();
  });
});
