// The CMS the build writes (site/_lib/admin.js): its configuration tells the firm, under each photo slot,
// exactly the pages that show it, as the build placed them; its sign-in popup keeps its link to the CMS
// window, while every visitor's page keeps other windows out.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { parseHeadersFile } from "../../operator/verify-deploy/headers-file.js";
import { loadData } from "../../site/_lib/load-data.js";
import { ALL_PAGES, DIST, ROUTES, page, requireBuild } from "../support/site.js";

beforeAll(requireBuild);

describe("the CMS at /admin", () => {
  it("says under each photo slot which pages show it", () => {
    const config = YAML.parse(readFileSync(join(DIST, "admin/config.yml"), "utf8"));
    const slots = config.collections.find((collection) => collection.name === "photos").files[0].fields;
    const photos = loadData("photos");
    expect(slots.map((slot) => slot.name)).toEqual(Object.keys(photos));
    for (const slot of slots) {
      const { alt } = photos[slot.name];
      // A slot with a photo: its picture carries its description, and the pages that show it are those with that alt text.
      const showing = alt ? ROUTES.filter((route) => page(route).root.querySelectorAll(`img[alt="${alt}"]`).length > 0) : [];
      if (showing.length) expect(slot.hint, slot.name).toBe(`Vises på ${showing.toSorted().join(", ")}`);
      // A slot without one shows nothing yet: the hint names pages the build has (where its photo will show).
      else
        for (const route of slot.hint.replace(/^Vises på /, "").split(", "))
          if (slot.hint !== "Vises ikke på nogen side lige nu") expect(ROUTES, slot.name).toContain(route);
    }
  });

  it("keeps every visitor's page apart from other windows, and the sign-in popup joined to the CMS window", () => {
    const rules = parseHeadersFile(readFileSync(join(DIST, "_headers"), "utf8"));
    const matches = (pattern, path) => (pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : pattern === path);
    /** Every Cross-Origin-Opener-Policy the path gets (two would be joined by a host into one invalid value). */
    const opener = (path) =>
      rules.filter((rule) => matches(rule.pattern, path)).flatMap((rule) => rule.headers["Cross-Origin-Opener-Policy"] ?? []);
    for (const route of [...ALL_PAGES, "/404"]) expect(opener(route), route).toEqual(["same-origin"]);
    // The CMS's window keeps the popup it opens; the popup's page, back from GitHub, must not cut itself off.
    expect(opener("/admin")).toEqual(["same-origin-allow-popups"]);
    expect(opener("/admin/auth")).toEqual([]);
  });

  it("links the owner's Danish guide from the CMS, which names every collection and stays out of search engines", () => {
    const admin = readFileSync(join(DIST, "admin.html"), "utf8");
    expect(admin).toMatch(/<a class="cms-guide" href="\/admin\/vejledning"[^>]*>Vejledning<\/a>/);
    const guide = readFileSync(join(DIST, "admin/vejledning.html"), "utf8");
    expect(guide).toContain('<html lang="da"');
    expect(guide).toContain('<meta name="robots" content="noindex">');
    expect(readFileSync(join(DIST, "sitemap.xml"), "utf8")).not.toContain("vejledning");
    // Signing in, what each collection is for, a refused value, a photo from the phone, the inbox.
    for (const section of ["log-ind", "samlinger", "afvist", "foto-fra-telefonen", "indbakke"]) expect(guide).toContain(`id="${section}"`);
    const config = YAML.parse(readFileSync(join(DIST, "admin/config.yml"), "utf8"));
    for (const collection of config.collections) expect(guide, collection.label).toContain(`<strong>${collection.label}</strong>`);
  });
});
