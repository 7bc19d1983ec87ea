import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { DATA_DIR, loadData, parseDataFile } from "../../site/_lib/load-data.js";
import { withFacts } from "../../site/_lib/copy-facts.js";

const businessYaml = readFileSync(`${DATA_DIR}business.yaml`, "utf8");
const areasYaml = readFileSync(`${DATA_DIR}areas.yaml`, "utf8");

describe("data files", () => {
  it("every YAML file in site/_data has a schema and is valid", () => {
    const names = readdirSync(DATA_DIR).filter((file) => file.endsWith(".yaml"));
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (const file of names) expect(() => loadData(file.replace(".yaml", "")), file).not.toThrow();
  });

  it("a missing phone number fails the build with the file and field named", () => {
    const broken = YAML.parse(businessYaml);
    delete broken.phone.e164;
    expect(() => parseDataFile(YAML.stringify(broken), "site/_data/business.yaml")).toThrow(
      /site\/_data\/business\.yaml: invalid data\n {2}- phone\.e164: /,
    );
  });

  it("a wrong area value names the area's index and field", () => {
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
    expect(error).toMatch(/- 3\.postalCode: /);
    expect(error).toMatch(/- 5\.faq: /);
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
      expect(() => parseDataFile(YAML.stringify(broken), "site/_data/areas.yaml"), typed).toThrow(/- 2\.faq\.4\.answer: .*\{akut\}/);
    }
  });

  it("fills an area's placeholders from business.yaml, the acute promise by the town's distance, and stops at an unknown one", () => {
    const business = loadData("business");
    const { homeAreaKm, acuteHomeArea, acuteSurroundingTowns, quoteAfterInspection } = business.responseTimes;
    const near = { name: "Nær", distance: homeAreaKm };
    const far = { name: "Fjern", distance: homeAreaKm + 1 };
    expect(withFacts("Vi er {akut} hos dig.", business, near)).toBe(`Vi er ${acuteHomeArea} hos dig.`);
    expect(withFacts("Vi kommer {akut}.", business, far)).toBe(`Vi kommer ${acuteSurroundingTowns}.`);
    expect(withFacts("Tilbud {tilbud}.", business, far)).toBe(`Tilbud ${quoteAfterInspection}.`);
    expect(() => withFacts("Vi kommer {akutt}.", business, far)).toThrow(/Fjern: unknown placeholder \{akutt\}/);
    // Outside an area page there is no town to fit a promise to.
    expect(() => withFacts("Vi kommer {akut}.", business)).toThrow(/outside an area page: unknown placeholder \{akut\}/);
  });

  it("a data file without a schema is refused rather than used unchecked", () => {
    expect(() => parseDataFile("a: 1", "site/_data/prices.yaml")).toThrow(/no schema for data file "prices"/);
  });

  it("every area is in region Sjælland with its real postal code and the spec's distance", () => {
    const byName = Object.fromEntries(loadData("areas").map((area) => [area.name, area]));
    // docs/product.md#data, area data, with the real postcodes of Ølby (part of Køge) and Borup.
    const spec = {
      "Store Heddinge": ["4660", 12],
      Rødvig: ["4673", 20],
      Hårlev: ["4652", 8],
      Strøby: ["4671", 15],
      Klippinge: ["4672", 18],
      Køge: ["4600", 10],
      Herfølge: ["4681", 5],
      Ølby: ["4600", 14],
      Højelse: ["4632", 16],
      Bjæverskov: ["4632", 13],
      Borup: ["4140", 17],
      Solrød: ["2680", 22],
      Greve: ["2670", 25],
      Karise: ["4653", 9],
      Faxe: ["4640", 11],
      Haslev: ["4690", 19],
    };
    expect(Object.keys(byName).sort()).toEqual(Object.keys(spec).sort());
    for (const [name, [postalCode, distance]] of Object.entries(spec)) {
      expect(byName[name]).toMatchObject({ postalCode, distance, region: "Sjælland" });
      expect(byName[name].faq).toHaveLength(5);
    }
  });

  // The schemas state rules (a firm may add a seventh review); these are today's content.
  it("holds today's content: four services, six five-star reviews, two social profiles, five FAQ items per area", () => {
    expect(loadData("services")).toHaveLength(4);
    expect(loadData("reviews")).toHaveLength(6);
    expect(loadData("business").social).toHaveLength(2);
    for (const area of loadData("areas")) expect(area.faq, area.name).toHaveLength(5);
  });

  it("accepts a seventh review: a firm adding one does not break the build", () => {
    const reviews = YAML.parse(readFileSync(`${DATA_DIR}reviews.yaml`, "utf8"));
    reviews.push({ ...reviews[0], name: "Ny Kunde" });
    expect(parseDataFile(YAML.stringify(reviews), "site/_data/reviews.yaml")).toHaveLength(7);
  });

  it("allows exactly the placeholder motifs there are drawings for", () => {
    const photos = YAML.parse(readFileSync(`${DATA_DIR}photos.yaml`, "utf8"));
    const [slot] = Object.keys(photos);
    expect(() =>
      parseDataFile(YAML.stringify({ ...photos, [slot]: { ...photos[slot], motif: "tools" } }), "site/_data/photos.yaml"),
    ).not.toThrow();
    expect(() =>
      parseDataFile(YAML.stringify({ ...photos, [slot]: { ...photos[slot], motif: "unicorn" } }), "site/_data/photos.yaml"),
    ).toThrow(new RegExp(`${slot}\\.motif`));
  });
});
