// The firm's facts reach the islands as props from the site build, so `npm run build:site` alone after a
// change to site/_data/business.yaml shows the new value everywhere, the quote form included (it used
// to keep the value compiled into the widget build). The site is copied to a temporary folder with a
// changed phone number and built there against the existing widget build.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WIDGETS_OUTPUT_DIR } from "../../site/_lib/build-paths.js";
import { business, keepPhotos, requireBuild } from "../support/site.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const NEW_PHONE = { display: "98 76 54 32", e164: "+4598765432" };
let dir;
let pages;

beforeAll(async () => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), "facts-at-build-"));
  for (const entry of ["site", "widgets", "supabase", "eleventy.config.js", "package.json"])
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  const file = join(dir, "site/_data/business.yaml");
  const yaml = readFileSync(file, "utf8");
  expect(yaml).toContain(`phone: ${business.phone.display}`);
  writeFileSync(file, yaml.replace(`phone: ${business.phone.display}`, `phone: ${NEW_PHONE.display}`));
  // `npm run build:site` alone: Eleventy, with the widget build the main build made. The images are the
  // same (content-hashed) and kept, as every build keeps dist/img, so only the pages are built.
  const out = join(dir, "dist");
  keepPhotos(out);
  await promisify(execFile)(process.execPath, [join(ROOT, "node_modules/@11ty/eleventy/cmd.cjs"), "--quiet"], {
    cwd: dir,
    env: { ...process.env, SITE_OUTPUT_DIR: out, WIDGETS_OUTPUT_DIR },
  });
  pages = readdirSync(out, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".html"))
    .map((name) => ({ name, html: readFileSync(join(out, name), "utf8") }));
}, 240_000);
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

describe("a fact changed in business.yaml and only the site rebuilt", () => {
  it("shows the new phone number on every page, in the quote form too, and the old one nowhere", () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const { name, html } of pages) {
      expect(html, name).not.toContain(business.phone.display);
      expect(html, name).not.toContain(business.phone.e164);
    }
    const contact = pages.find(({ name }) => name === "kontakt.html")?.html ?? "";
    const form = contact.slice(contact.indexOf("<elektriker-quote-form"), contact.indexOf("</elektriker-quote-form>"));
    expect(form).toContain(NEW_PHONE.display);
    expect(form).toContain(NEW_PHONE.e164);
  });
});
