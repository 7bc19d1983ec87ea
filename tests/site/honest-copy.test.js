// What a careful reader of the built pages would catch: pictures
// described as what they are, galleries that differ between neighbouring area pages, a fact said once
// rather than repeated down a table column, field names that agree, and Danish typography.
import { describe, expect, it } from "vitest";
import rules from "../../supabase/functions/_shared/quote-rules.json" with { type: "json" };
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
  it("describes every placeholder drawing as a drawing (or as nothing), never as a photo of finished work", () => {
    const pretending = ALL_PAGES.flatMap((route) =>
      page(route)
        .root.querySelectorAll('img[src*="/placeholder-"]')
        .map((img) => img.getAttribute("alt"))
        .filter((alt) => alt !== "" && !/^Tegning af /.test(alt))
        .map((alt) => `${route}: ${alt}`),
    );
    expect(pretending).toEqual([]);
  });

  it("shows a different gallery on each area page than on the area listed before it, and no gallery on every page", () => {
    const captions = (route) =>
      page(route)
        .root.querySelectorAll('section[aria-labelledby="gallery-title"] figcaption')
        .map((caption) => caption.textContent.trim())
        .join(" | ");
    const galleries = areas.map((area) => captions(`/omraader/${area.slug}`));
    for (const gallery of galleries) expect(gallery.split(" | ")).toHaveLength(3);
    for (let index = 1; index < galleries.length; index++) expect(galleries[index], areas[index].slug).not.toBe(galleries[index - 1]);
    expect(new Set(galleries).size).toBeGreaterThan(AREA_ROUTES.length / 3);
  });
});

describe("facts said once", () => {
  it("states the LED saving once on /ydelser/energioptimering instead of a savings column that repeats it", () => {
    const { root } = page("/ydelser/energioptimering");
    const headers = root.querySelectorAll("main table th").map((th) => th.textContent.trim().toLowerCase());
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.filter((header) => header.includes("besparelse"))).toEqual([]);
    const cells = root.querySelectorAll("main table td").map((td) => td.textContent);
    expect(cells.filter((cell) => /\d+\s*[–-]\s*\d+\s*%/.test(cell))).toEqual([]);
    expect(root.querySelector("main").textContent).toContain("75–85 %");
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
