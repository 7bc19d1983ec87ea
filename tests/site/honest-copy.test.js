// What a careful reader of the built pages would catch: pictures
// described as what they are, galleries that differ between neighbouring area pages, a fact said once
// rather than repeated down a table column, field names that agree, Danish typography, and prices that
// say what they include, with moms, the same wherever they appear.
import { describe, expect, it } from "vitest";
import rules from "../../supabase/functions/_shared/quote-rules.json" with { type: "json" };
import { parse } from "node-html-parser";
import { daNumber, monthYear } from "../../site/_lib/format.js";
import { loadData } from "../../site/_lib/load-data.js";
import { priceText } from "../../site/_lib/prices.js";
import { ALL_PAGES, AREA_ROUTES, areas, page } from "../support/site.js";

const FIELDS = ["name", "phone", "email", "location", "message"];

/** The text a visitor reads on a page: the body without its scripts and styles, tags dropped. */
const visibleText = (route) =>
  page(route)
    .root.querySelector("body")
    .innerHTML.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ");

describe("pictures", () => {
  // Every image was once one of nine line drawings in a 200 px block ("Tegning af et hus" 22 times).
  it("shows no drawing in place of a photo: every image on a page is a photo of the firm's", () => {
    const standIns = ALL_PAGES.flatMap((route) =>
      page(route)
        .root.querySelectorAll("main img")
        .filter((img) => /placeholder|\.svg$/.test(img.getAttribute("src")) || /^Tegning\b/i.test(img.getAttribute("alt") ?? ""))
        .map((img) => `${route}: ${img.getAttribute("src")}`),
    );
    expect(standIns).toEqual([]);
    expect(ALL_PAGES.filter((route) => visibleText(route).includes("Tegning af"))).toEqual([]);
  });

  it("shows a different gallery on each area page than on the area listed before it, and no gallery on every page", () => {
    const captions = (route) =>
      page(route)
        .root.querySelectorAll('section[aria-labelledby="gallery-title"] article h3')
        .map((caption) => caption.textContent.trim())
        .join(" | ");
    const galleries = areas.map((area) => captions(`/omraader/${area.slug}`));
    for (const gallery of galleries) expect(gallery.split(" | ")).toHaveLength(3);
    for (let index = 1; index < galleries.length; index++) expect(galleries[index], areas[index].slug).not.toBe(galleries[index - 1]);
    expect(new Set(galleries).size).toBeGreaterThan(AREA_ROUTES.length / 3);
  });
});

describe("facts said once", () => {
  it("keeps savings out of the LED table on /ydelser/energioptimering: no column repeating a percentage", () => {
    const { root } = page("/ydelser/energioptimering");
    const headers = root.querySelectorAll("main table th").map((th) => th.textContent.trim().toLowerCase());
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.filter((header) => header.includes("besparelse"))).toEqual([]);
    const cells = root.querySelectorAll("main table td").map((td) => td.textContent);
    expect(cells.filter((cell) => /\d+\s*[–-]\s*\d+\s*%/.test(cell))).toEqual([]);
  });

  it("lists each footer destination once", () => {
    const hrefs = page("/")
      .root.querySelectorAll("footer a")
      .map((link) => link.getAttribute("href"));
    expect(hrefs.filter((href, index) => hrefs.indexOf(href) !== index)).toEqual([]);
  });
});

describe("the quote form's words", () => {
  it("names each field by its label in every message that names it", () => {
    for (const field of FIELDS) {
      const { label } = rules[field];
      const messages = Object.entries(rules[field])
        .filter(([key]) => key.endsWith("Message"))
        .map(([, message]) => message);
      // A message either asks for the value ('Indtast …') or names the field by its label.
      for (const message of messages) expect(message.startsWith("Indtast ") || message.startsWith(`${label} `), message).toBe(true);
    }
  });

  it("labels the fields with those words in every form and on the error page", () => {
    const labelled = (route, field) => page(route).root.querySelectorAll(`label[for$="-form-${field}"]`);
    for (const route of ALL_PAGES)
      for (const field of FIELDS)
        for (const label of labelled(route, field)) expect(label.textContent.trim(), route).toBe(rules[field].label);
    // Every field is on these; an area page sends its town as the location, with no field for it.
    for (const route of ["/", "/kontakt", "/kontakt/fejl"])
      for (const field of FIELDS) expect(labelled(route, field).length, `${route} ${field}`).toBeGreaterThan(0);
    const named = page("/kontakt/fejl")
      .root.querySelectorAll(".problem strong")
      .map((strong) => strong.textContent);
    expect(named).toEqual(FIELDS.map((field) => `${rules[field].label}:`));
  });
});

describe("Danish typography and wording", () => {
  it("writes ranges of numbers and times with an en dash on every page", () => {
    const hyphenated = ALL_PAGES.flatMap((route) =>
      [...visibleText(route).matchAll(/\S*\d[.:]?\d*-\d\S*/g)].map((match) => `${route}: ${match[0]}`),
    );
    expect(hyphenated).toEqual([]);
  });

  it("uses 'vagt' for the firm's on-call service, not the English 'support'", () => {
    const english = ALL_PAGES.filter((route) => /\bsupport\b/i.test(visibleText(route)));
    expect(english).toEqual([]);
  });
});

describe("prices", () => {
  const prices = loadData("prices");
  const written = prices.items.map(priceText);
  /** Each text block of a page's <main> (a leaf paragraph, list item or cell), spaces made plain. */
  const blocks = (route) =>
    page(route)
      .root.querySelectorAll("main p, main li, main td, main dd")
      .filter((block) => block.querySelector("p, li, td, dd") === null)
      .map((block) => ({ block, text: block.textContent.replace(/\s+/g, " ").trim() }));
  /**
   * A page's price list: the section #priser, or on a long-read page its heading and what follows it up to
   * the next heading of its rank.
   */
  const priceSection = (route) => {
    const start = page(route).root.querySelector("#priser");
    if (start?.tagName !== "H2") return start;
    const parts = [start];
    for (let node = start.nextElementSibling; node && node.tagName !== "H2"; node = node.nextElementSibling) parts.push(node);
    return parse(`<section>${parts.map((part) => part.outerHTML).join("")}</section>`).querySelector("section");
  };
  // The håndværkerfradrag's ceiling ("op til 9.000 kr. i 2026") is an amount, not a price.
  const ceiling = `op til ${daNumber(prices.deduction.maxPerPerson)} kr.`;

  it("says inkl. or ekskl. moms with every amount in kroner, on every page", () => {
    const bare = ALL_PAGES.flatMap((route) =>
      blocks(route).flatMap(({ text }) =>
        [...text.matchAll(/\d[\d.]*\s?kr\./gu)]
          .filter((match) => !text.slice(0, match.index + match[0].length).endsWith(ceiling))
          .filter((match) => !/^(\s?pr\.\s\p{L}+)?\s(inkl|ekskl)\. moms/u.test(text.slice(match.index + match[0].length)))
          .map((match) => `${route}: "${match[0]}" in "${text}"`),
      ),
    );
    expect(bare).toEqual([]);
  });

  it("shows only the prices of prices.yaml, each as the file says it, wherever a price appears", () => {
    const foreign = ALL_PAGES.flatMap((route) =>
      blocks(route)
        // What a finished job cost its customer is that job's (jobs.yaml), not a price of the list.
        .filter(({ block }) => !block.classList.contains("job-price"))
        .flatMap(({ text }) =>
          [...text.matchAll(/(fra )?[\d.]+ kr\.( pr\. \p{L}+)? (inkl|ekskl)\. moms/gu)]
            .filter(
              (match) => !written.some((price) => price.endsWith(match[0]) && (match[0].startsWith("fra ") || !price.startsWith("fra "))),
            )
            .map((match) => `${route}: ${match[0]}`),
        ),
    );
    expect(foreign).toEqual([]);
  });

  it("gives the døgnvagt surcharge, the hourly rate and the call-out fee the same price wherever the copy names them", () => {
    const named = { doegnvagt: /tillæg/i, timepris: /timepris/i, fremmoede: /fremmøde/i };
    for (const [role, words] of Object.entries(named)) {
      const item = prices.items.find((entry) => entry.role === role);
      if (!item) continue;
      // A price list's own entry for another price (the business hourly rate) names that price, not this one.
      const otherEntry = (text) =>
        prices.items.some((entry) => entry !== item && [":", " "].some((after) => text.startsWith(entry.title + after)));
      for (const route of ALL_PAGES)
        for (const { text } of blocks(route).filter(({ text }) => words.test(text) && /\d kr\./.test(text) && !otherEntry(text)))
          expect(text, `${route}: ${role}`).toContain(priceText(item));
    }
  });

  /** The price cards of a price list: each card's title and its price, as the visitor reads them. */
  const cards = (section) =>
    section.querySelectorAll(".price-cards li").map((card) => ({
      card,
      title: card.querySelector("b")?.textContent.trim(),
      price: card.querySelector(".price")?.textContent.replace(/\s+/g, " ").trim(),
    }));

  it("lists every price on its service's page and on /priser as a card, beside when the price is fixed and when hourly", () => {
    const services = loadData("services");
    const business = loadData("business");
    for (const item of prices.items.filter((entry) => !entry.role)) {
      const service = services.find((entry) => entry.key === item.service);
      expect(service, item.title).toBeDefined();
      for (const route of [service?.path ?? "", "/priser"]) {
        const section = priceSection(route);
        expect(section, `${route} #priser`).toBeTruthy();
        expect(
          cards(section).map(({ title, price }) => ({ title, price })),
          `${route}: ${item.title}`,
        ).toContainEqual({ title: item.title, price: priceText(item) });
        const text = section.textContent.replace(/\s+/g, " ");
        expect(text, route).toMatch(/fast[e]? pris[^.]*besigtigelse[^.]*før vi går i gang/i);
        expect(text, route).toContain(business.guarantees.hourlyWhen);
      }
    }
  });

  // The hourly rate once read "fra 595 kr. pr. time": a customer cannot check a bill against a "fra".
  it("writes the hourly rate as one exact figure wherever it stands", () => {
    const hourly = prices.items.filter((entry) => entry.role === "timepris");
    expect(hourly.length).toBeGreaterThan(0);
    for (const item of hourly) {
      expect(priceText(item)).not.toMatch(/^fra /);
      const typedAsFrom = ALL_PAGES.filter((route) => visibleText(route).includes(`fra ${priceText(item)}`));
      expect(typedAsFrom).toEqual([]);
    }
  });

  it(`shows håndværkerfradrag beside every list of prices to private customers, with the year, the source and the month it was checked`, () => {
    const { deduction } = prices;
    for (const route of ALL_PAGES) {
      const section = priceSection(route);
      if (!section || !/inkl\. moms/.test(section.textContent)) continue;
      const block = section.querySelector("#haandvaerkerfradrag");
      expect(block?.textContent, route).toContain(`Håndværkerfradrag i ${deduction.year}`);
      expect(section.querySelector(`a[href="${deduction.sourceUrl}"]`), route).not.toBeNull();
      expect(section.textContent, route).toContain(monthYear(deduction.checked));
      // A price that gives the fradrag says so on its card.
      for (const { card, title } of cards(section))
        if (prices.items.find((entry) => entry.title === title)?.deduction)
          expect(card.textContent, route).toContain("Giver håndværkerfradrag");
    }
  });
});
