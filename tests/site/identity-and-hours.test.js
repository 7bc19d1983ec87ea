// Who the firm is and when it answers: CVR, authorisation number and owner on the site and in
// the JSON-LD, each checkable in its public register, and hours that are always named and always come
// from site/_data/business.yaml.
import { describe, expect, it } from "vitest";
import { daNumber, hoursText, monthYear } from "../../site/_lib/format.js";
import { ALL_PAGES, business, jsonLdBlocks, page } from "../support/site.js";

const { identity, hours } = business;

describe("identity", () => {
  it("shows the CVR number, the authorisation number and the owner in every footer and on /om-os", () => {
    for (const route of [...ALL_PAGES, "/404"]) {
      const footer = page(route).root.querySelector("footer").textContent;
      for (const fact of [`CVR-nr. ${identity.cvr}`, identity.authorisation.number, identity.owner.name])
        expect(footer, `${route}: ${fact}`).toContain(fact);
    }
    const about = page("/om-os").root.querySelector("main").textContent;
    for (const fact of [identity.cvr, identity.authorisation.number, identity.authorisation.authority, identity.owner.name])
      expect(about).toContain(fact);
  });

  it("puts the CVR number (vatID) and the authorisation number (identifier) in the business JSON-LD", () => {
    const record = jsonLdBlocks(page("/").root).find((block) => block["@type"] === "Electrician");
    expect(record.vatID).toBe(`DK${identity.cvr}`);
    expect(record.identifier).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ propertyID: "CVR", value: identity.cvr }),
        expect.objectContaining({ value: identity.authorisation.number }),
      ]),
    );
  });
});

describe("hours", () => {
  const allowed = [hours.workdays, hours.phone].map((entry) => hoursText(entry).replace(/^.*kl\. /, ""));

  it("prints every time range on every page as one of the two in business.yaml, in one format", () => {
    for (const route of [...ALL_PAGES, "/404"]) {
      const text = page(route).root.querySelector("body").textContent;
      const ranges = text.match(/\d{1,2}[.:]\d{2}\s*[-–]\s*\d{1,2}[.:]\d{2}|kl\. \d{1,2}\s*[-–]\s*\d{1,2}\b/g) ?? [];
      for (const range of ranges) expect(allowed, `${route}: "${range}"`).toContain(range);
    }
  });

  it("names working hours and phone hours wherever they appear", () => {
    for (const route of [...ALL_PAGES, "/404"]) {
      const text = page(route).root.querySelector("body").textContent.replace(/\s+/g, " ");
      for (const [entry, range] of /** @type {[{ name: string }, string][]} */ ([
        [hours.workdays, allowed[0]],
        [hours.phone, allowed[1]],
      ])) {
        const unnamed = text
          .split(range)
          .slice(0, -1)
          .filter(
            (before) => !before.slice(-60).includes(entry.name) && !before.slice(-60).toLowerCase().includes(entry.name.toLowerCase()),
          );
        expect(unnamed, `${route}: ${range} without "${entry.name}"`).toEqual([]);
      }
    }
  });
});

describe("proof a customer can check", () => {
  it("links the authorisation number to Sikkerhedsstyrelsen's register and the CVR number to the CVR register, on /om-os and the home page", () => {
    for (const route of ["/om-os", "/"]) {
      const main = page(route).root.querySelector("main");
      const register = main.querySelectorAll(`a[href="${identity.authorisation.registerUrl}"]`);
      expect(register.map((link) => link.textContent).join(" "), route).toContain(identity.authorisation.number);
      const cvr = main.querySelectorAll(`a[href="https://datacvr.virk.dk/enhed/virksomhed/${identity.cvr}"]`);
      expect(cvr.map((link) => link.textContent).join(" "), route).toContain(identity.cvr);
    }
  });

  it("names the liability insurance, and the guarantee scheme exactly when the firm is a member, where the home page links", () => {
    expect(page("/").root.querySelector('main a[href="/om-os#tjek-os"]')).not.toBeNull();
    for (const route of ["/om-os"]) {
      const main = page(route).root.querySelector("main");
      expect(main.textContent, route).toContain(identity.insurance.company);
      const scheme = identity.guaranteeScheme;
      if (scheme) expect(main.querySelector(`a[href="${scheme.url}"]`)?.textContent, route).toContain(scheme.name);
      else expect(main.textContent, route).not.toMatch(/garantiordning/i);
    }
  });

  it("says where the rating comes from, how many and when, wherever it links to the Google profile", () => {
    const expected = `${daNumber(business.figures.rating)}/5 på Google · ${business.figures.ratingCount} anmeldelser · pr. ${monthYear(business.figures.ratingDate)}`;
    let links = 0;
    for (const route of ALL_PAGES) {
      for (const link of page(route).root.querySelectorAll(`main a[href="${business.googleProfile}"]`)) {
        const text = link.textContent.replace(/\s+/g, " ").trim();
        // A link that names the profile ("vores Google-profil") states no rating; one that states it, states it whole.
        if (!/\d/.test(text)) continue;
        links++;
        expect(text, route).toBe(expected);
      }
    }
    expect(links).toBeGreaterThan(0);
    // A figure outside the link may not claim a count of its own ("over 150", "150+").
    for (const route of ALL_PAGES)
      expect(page(route).root.querySelector("main").textContent, route).not.toMatch(/\d+\+ anmeldelser|over \d+ anmeldelser/);
  });

  // "100 % autoriseret" once stood in the hero and the trust section with nothing to check it by.
  it("links '100 % autoriseret' to the firm's entry in Sikkerhedsstyrelsen's register wherever it stands", () => {
    const claim = /\d+ % autoriseret/;
    let found = 0;
    for (const route of [...ALL_PAGES, "/404"]) {
      const smallest = page(route)
        .root.querySelectorAll("body *")
        .filter((element) => claim.test(element.textContent.replace(/\s+/g, " ")))
        .filter((element) => !element.querySelectorAll("*").some((child) => claim.test(child.textContent.replace(/\s+/g, " "))));
      for (const element of smallest) {
        found++;
        expect(element.closest("a")?.getAttribute("href"), `${route}: ${element.textContent}`).toBe(
          business.identity.authorisation.registerUrl,
        );
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  // Only /anmeldelser said that the reviews shown are a selection, and where they come from.
  it("says beside every block of reviews where they come from and that they are a selection", () => {
    let blocks = 0;
    for (const route of ALL_PAGES) {
      const sections = new Set(
        page(route)
          .root.querySelectorAll("figure blockquote")
          .map((quote) => quote.closest("section")),
      );
      for (const section of sections) {
        blocks++;
        expect(section?.textContent, route).toMatch(/udvalg/);
        expect(section?.querySelector(`a[href="${business.googleProfile}"]`), route).not.toBeNull();
      }
    }
    expect(blocks).toBeGreaterThan(2);
  });

  it("says on /anmeldelser how the reviews shown were collected and checked", () => {
    const how = page("/anmeldelser").root.querySelector("#saadan-samlet")?.textContent ?? "";
    expect(how).toMatch(/tjekker/);
    expect(how).toMatch(/udvalg/);
  });
});
