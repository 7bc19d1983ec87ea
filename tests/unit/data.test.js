import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { DATA_DIR, loadData, parseDataFile } from "../../site/_lib/load-data.js";
import { withFacts } from "../../site/_lib/copy-facts.js";
import { distanceKm } from "../../site/_lib/geo.js";
import { priceText } from "../../site/_lib/prices.js";
import { phoneNumber } from "../../site/_lib/data-schemas.js";

const businessYaml = readFileSync(`${DATA_DIR}business.yaml`, "utf8");
const areasYaml = readFileSync(`${DATA_DIR}areas.yaml`, "utf8");

describe("data files", () => {
  it("every YAML file in site/_data has a schema and is valid", () => {
    const names = readdirSync(DATA_DIR).filter((file) => file.endsWith(".yaml"));
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (const file of names) expect(() => loadData(file.replace(".yaml", "")), file).not.toThrow();
  });

  it("a missing phone number fails the build naming the file and the field as the CMS calls it, in Danish", () => {
    const broken = YAML.parse(businessYaml);
    delete broken.phone;
    expect(() => parseDataFile(YAML.stringify(broken), "site/_data/business.yaml")).toThrow(
      /^Fejl i site\/_data\/business\.yaml \(Firmaoplysninger i CMS'et\):\n {2}Telefonnummer: mangler/,
    );
  });

  // Changing the shown number alone once left every call link dialling the old one.
  it("writes the phone number once: what pages show and what call links dial are made from the same digits", () => {
    for (const written of ["98 76 54 32", "98765432", "+45 98 76 54 32", "+4598765432", 98765432]) {
      expect(phoneNumber.parse(written), String(written)).toEqual({ display: "98 76 54 32", e164: "+4598765432" });
    }
    for (const wrong of ["98 76 54 3", "98 76 54 321", "+46 98 76 54 32", "98-76-54-32"]) {
      expect(() => parseDataFile(businessYaml.replace(/^phone: .*$/m, `phone: ${wrong}`), "site/_data/business.yaml"), wrong).toThrow(
        /Telefonnummer: skal (have præcis 8 cifre|være et dansk telefonnummer med 8 cifre), fx 12 34 56 78/,
      );
    }
  });

  it("accepts hours as a firm writes them: Danish day names and 7.30", () => {
    const written = businessYaml
      .replace(/days: \[.*\]/, "days: [mandag, tirsdag, onsdag, torsdag, fredag]")
      .replace('opens: "08:00"', "opens: 7.30");
    const { phone } = /** @type {import("../../site/_lib/data-types.js").Business} */ (parseDataFile(written, "site/_data/business.yaml"))
      .hours;
    expect(phone.days).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]);
    expect(phone.opens).toBe("07:30");
  });

  it("accepts closed days as dates written either way, and refuses a day that does not exist, in Danish", () => {
    const closed = (list) => businessYaml.replace(/closedDays:\n( {4}- .*\n)+/, `closedDays:\n${list}`);
    const parsed = /** @type {import("../../site/_lib/data-types.js").Business} */ (
      parseDataFile(
        closed('    - { date: 2026-12-24, name: Juleaftensdag }\n    - { date: "2027-01-01", name: Nytårsdag }\n'),
        "business.yaml",
      )
    );
    expect(parsed.hours.closedDays.map(({ date }) => date)).toEqual(["2026-12-24", "2027-01-01"]);
    for (const wrong of ['"2026-02-30"', '"24.12.2026"'])
      expect(() => parseDataFile(closed(`    - { date: ${wrong}, name: Fejl }\n`), "site/_data/business.yaml"), wrong).toThrow(
        /Lukkedage.*Dato: skal være en dato/,
      );
  });

  it("a wrong area value names the area by its name and the field by its label, with what is allowed", () => {
    const broken = YAML.parse(areasYaml);
    broken[3].postalCode = "46OO";
    broken[5].faq = [];
    const error = (() => {
      try {
        parseDataFile(YAML.stringify(broken), "site/_data/areas.yaml");
      } catch (caught) {
        return /** @type {Error} */ (caught).message;
      }
    })();
    expect(error).toMatch(/areas\.yaml/);
    expect(error).toContain(`"${broken[3].name}" → Postnummer: skal være fire cifre`);
    expect(error).toContain(`"${broken[5].name}" → Spørgsmål og svar: skal have præcis 5`);
  });

  it("a new town with its coordinates missing is named by its name, not its position in the list", () => {
    const broken = YAML.parse(areasYaml);
    broken.push({ ...broken[0], name: "Rønnede", postalCode: "4683", latitude: undefined, longitude: undefined });
    expect(() => parseDataFile(YAML.stringify(broken), "site/_data/areas.yaml")).toThrow(/"Rønnede" → Breddegrad: mangler/);
  });

  it("area copy that types a response time by hand is refused, naming the placeholders to use", () => {
    for (const typed of [
      "inden for 2–4 timer",
      "inden for 2-4 timer",
      "samme eller næste hverdag",
      "tilbud inden for 24 timer",
      "inden for 3–5 hverdage",
    ]) {
      const broken = YAML.parse(areasYaml);
      broken[2].faq[4].answer = `Ved akutte fejl er vi hos dig ${typed}.`;
      expect(() => parseDataFile(YAML.stringify(broken), "site/_data/areas.yaml"), typed).toThrow(
        new RegExp(`"${broken[2].name}" → Spørgsmål og svar → nr\\. 5 → Svar: .*\\{akut\\}`),
      );
    }
  });

  it("measures each town's distance from the base's coordinates, as the crow flies, and orders nothing by a typed one", () => {
    const business = loadData("business");
    for (const area of loadData("areas")) {
      expect(area.distanceExact, area.name).toBeCloseTo(distanceKm(business.geo, area), 6);
      expect(area.distance, area.name).toBe(Math.max(1, Math.round(distanceKm(business.geo, area))));
    }
    // A distance typed into the file, as the old list had it, is refused: it cannot disagree with the map.
    const typed = YAML.parse(areasYaml);
    typed[0].distance = 10;
    expect(() => parseDataFile(YAML.stringify(typed), "site/_data/areas.yaml")).toThrow(new RegExp(`"${typed[0].name}"`));
  });

  it("area copy that types a distance in km is refused, naming {afstand}", () => {
    for (const typed of ["kun 10 km fra Tureby", "12 km", "ca. 8km væk"]) {
      const broken = YAML.parse(areasYaml);
      broken[1].description = `${broken[1].name} ligger ${typed}.`;
      expect(() => parseDataFile(YAML.stringify(broken), "site/_data/areas.yaml"), typed).toThrow(/\{afstand\}/);
    }
  });

  it("fills an area's placeholders from business.yaml, the acute promise by the town's distance, and stops at an unknown one", () => {
    const business = loadData("business");
    const { homeAreaKm, acuteHomeArea, acuteSurroundingTowns, quoteAfterInspection } = business.responseTimes;
    const near = { name: "Nær", distance: homeAreaKm, distanceExact: homeAreaKm };
    const far = { name: "Fjern", distance: homeAreaKm + 1, distanceExact: homeAreaKm + 1 };
    expect(withFacts("Vi er {akut} hos dig.", { business }, near)).toBe(`Vi er ${acuteHomeArea} hos dig.`);
    expect(withFacts("Vi kommer {akut}.", { business }, far)).toBe(`Vi kommer ${acuteSurroundingTowns}.`);
    expect(withFacts("Tilbud {tilbud}.", { business }, far)).toBe(`Tilbud ${quoteAfterInspection}.`);
    expect(withFacts("Der er {afstand} til Fjern.", { business }, far)).toBe(`Der er ${homeAreaKm + 1} km i lige linje til Fjern.`);
    expect(withFacts("Vi kører {rækkevidde}.", { business })).toBe(
      `Vi kører cirka ${business.serviceArea.radiusMeters / 1000} km fra ${business.address.town}.`,
    );
    expect(() => withFacts("Vi kommer {akutt}.", { business }, far)).toThrow(/Fjern: unknown placeholder \{akutt\}/);
    // A price is quoted from prices.yaml by its title, as the price lists write it; a title it lacks stops the build.
    const prices = loadData("prices");
    const [first] = prices.items;
    expect(withFacts(`Fra {pris:${first.title}}.`, { business, prices })).toBe(`Fra ${priceText(first)}.`);
    expect(() => withFacts("Fra {pris:Findes ikke}.", { business, prices })).toThrow(/\{pris:Findes ikke\} names no price/);
    // Outside an area page there is no town to fit a promise to.
    expect(() => withFacts("Vi kommer {akut}.", { business })).toThrow(/outside an area page: unknown placeholder \{akut\}/);
  });

  it("a data file without a schema is refused rather than used unchecked", () => {
    expect(() => parseDataFile("a: 1", "site/_data/kampagner.yaml")).toThrow(/no schema for data file "kampagner"/);
  });

  // Which towns, reviews and services there are is the firm's content; the rules are the schema's.
  it("puts every area in region Sjælland with a four-digit postal code and the five FAQ items an area page shows", () => {
    for (const area of loadData("areas")) {
      expect(area, area.name).toMatchObject({ region: "Sjælland", postalCode: expect.stringMatching(/^\d{4}$/) });
      expect(area.faq, area.name).toHaveLength(5);
    }
  });

  it("gives Borup and Ølby the postcodes a letter reaches, not the product sheet's (4683 is Rønnede, 4640 Faxe)", () => {
    const real = { Borup: "4140", Ølby: "4600" };
    const listed = loadData("areas").filter((area) => area.name in real);
    for (const area of listed) expect(area.postalCode, area.name).toBe(real[/** @type {keyof typeof real} */ (area.name)]);
  });

  it("accepts any number of five-star reviews and sorts them newest first", () => {
    const reviews = YAML.parse(readFileSync(`${DATA_DIR}reviews.yaml`, "utf8"));
    const added = [
      ...reviews,
      { ...reviews[0], name: "Ny Kunde", date: "2099-01" },
      { ...reviews[0], name: "Gammel Kunde", date: "2001-01" },
    ];
    const loaded = /** @type {import("../../site/_lib/data-types.js").Review[]} */ (
      parseDataFile(YAML.stringify(added), "site/_data/reviews.yaml")
    );
    expect(loaded).toHaveLength(reviews.length + 2);
    expect(loaded[0].name).toBe("Ny Kunde");
    expect(loaded.at(-1)?.name).toBe("Gammel Kunde");
    expect(loaded.map((review) => review.date)).toEqual(
      loaded
        .map((review) => review.date)
        .toSorted()
        .reverse(),
    );
  });

  it("refuses a second review from the same customer in the same month, in Danish: each has its own address", () => {
    const reviews = YAML.parse(readFileSync(`${DATA_DIR}reviews.yaml`, "utf8"));
    const twice = [...reviews, { ...reviews[0], text: "Igen et fint stykke arbejde." }];
    expect(() => parseDataFile(YAML.stringify(twice), "site/_data/reviews.yaml")).toThrow(
      new RegExp(`"${reviews[0].name}" → Måned: kunden har allerede en anmeldelse fra samme måned`),
    );
    // Spelt without æ, ø and å, the name makes the same address.
    const spelt = [...reviews, { ...reviews[0], name: "Søren Sø", date: "2099-01" }, { ...reviews[0], name: "Soren So", date: "2099-01" }];
    expect(() => parseDataFile(YAML.stringify(spelt), "site/_data/reviews.yaml")).toThrow(/"Soren So" → Måned: kunden har allerede/);
  });
});
