// The price list and the finished jobs as the firm edits them: a mistake stops the build with the file,
// the entry by its name and what to write; prices are written one way; an area page tells its own town's
// jobs first.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { DATA_DIR, checkContent, loadData, parseDataFile } from "../../site/_lib/load-data.js";
import { AREA_JOB_MAX, SERVICE_JOB_COUNT, jobAnchor, jobsNear, jobsOfService } from "../../site/_lib/jobs.js";
import { priceText, serviceOffers } from "../../site/_lib/prices.js";

const pricesYaml = readFileSync(`${DATA_DIR}prices.yaml`, "utf8");
const jobsYaml = readFileSync(`${DATA_DIR}jobs.yaml`, "utf8");

/** The message a data file's mistake stops the build with. */
function errorOf(/** @type {string} */ contents, /** @type {string} */ file) {
  try {
    parseDataFile(contents, file);
  } catch (caught) {
    return /** @type {Error} */ (caught).message;
  }
  return "";
}

/** The content check's messages for a copy of site/_data with one file replaced. */
function checkWith(/** @type {string} */ file, /** @type {string} */ contents) {
  const dir = mkdtempSync(join(tmpdir(), "data-"));
  try {
    cpSync(DATA_DIR, dir, { recursive: true });
    writeFileSync(join(dir, file), contents);
    return checkContent(`${dir}/`).map((error) => error.message);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("prices.yaml", () => {
  it("refuses a price to private customers without moms, naming the file, the price and what to write", () => {
    const prices = YAML.parse(pricesYaml);
    const item = prices.items.find((/** @type {{ customer: string }} */ entry) => entry.customer === "privat");
    item.vat = "ekskl";
    const error = errorOf(YAML.stringify(prices), "site/_data/prices.yaml");
    expect(error).toMatch(/^Fejl i site\/_data\/prices\.yaml \(Priser i CMS'et\)/);
    expect(error).toContain(`"${item.title}" → Moms: priser til private skal være inkl. moms (markedsføringsloven § 13)`);
  });

  it("accepts a business price without moms", () => {
    const prices = YAML.parse(pricesYaml);
    prices.items.push({
      ...prices.items[0],
      title: "Tavleeftersyn",
      customer: "erhverv",
      vat: "ekskl",
      role: undefined,
      popular: undefined,
    });
    expect(errorOf(YAML.stringify(prices), "site/_data/prices.yaml")).toBe("");
  });

  it("says what is wrong with a price written as a person would mistype it, not that it is missing", () => {
    /** @param {unknown} from */
    const refusal = (from) => {
      const prices = YAML.parse(pricesYaml);
      prices.items[0].from = from;
      return errorOf(YAML.stringify(prices), "site/_data/prices.yaml");
    };
    const field = (/** @type {string} */ text) => expect.stringContaining(`→ Fra-pris i kr.: ${text}`);
    expect(refusal(1400.5)).toEqual(field("skal være et helt tal, uden komma og punktum (der står 1400.5)"));
    expect(refusal("1400,50")).toEqual(field('skal være et tal, skrevet uden anførselstegn og enhed (der står "1400,50")'));
    expect(refusal("1.400 kr.")).toEqual(field('skal være et tal, skrevet uden anførselstegn og enhed (der står "1.400 kr.")'));
    expect(refusal(0)).toEqual(field("skal være større end 0"));
    expect(refusal(undefined)).toEqual(field("mangler"));
  });

  it("refuses two prices with the same role: the copy that quotes it would not know which", () => {
    const prices = YAML.parse(pricesYaml);
    const surcharge = prices.items.find((/** @type {{ role?: string }} */ entry) => entry.role === "doegnvagt");
    prices.items.push({ ...surcharge, title: "Weekendtillæg" });
    expect(errorOf(YAML.stringify(prices), "site/_data/prices.yaml")).toContain(
      `"Weekendtillæg" → Bruges også i teksten som: bruges allerede af "${surcharge.title}"`,
    );
  });

  it("refuses a price whose service has no page, naming the services there are", () => {
    const prices = YAML.parse(pricesYaml);
    prices.items[0].service = "bolig";
    const messages = checkWith("prices.yaml", YAML.stringify(prices));
    expect(messages.join("\n")).toContain(
      `"${prices.items[0].title}" → Vises på ydelsen: "bolig" findes ikke (skriv en af: private, erhverv, event, energi)`,
    );
  });

  it('writes a price one way: "fra 4.500 kr. inkl. moms", its unit before the moms', () => {
    const base = { title: "x", service: "private", customer: /** @type {const} */ ("privat"), includes: "x", extras: "x" };
    expect(priceText({ ...base, from: 4500, vat: "inkl" })).toBe("fra 4.500 kr. inkl. moms");
    expect(priceText({ ...base, from: 595, unit: "pr. time", vat: "inkl" })).toBe("fra 595 kr. pr. time inkl. moms");
    expect(priceText({ ...base, customer: "erhverv", from: 105000, vat: "ekskl" })).toBe("fra 105.000 kr. ekskl. moms");
    // An exact price (the hourly rate) has no "fra".
    expect(priceText({ ...base, from: 595, unit: "pr. time", vat: "inkl", exact: true })).toBe("595 kr. pr. time inkl. moms");
  });

  it('refuses an hourly rate written as a "fra"-price, and more prices on the home page than it shows', () => {
    const prices = YAML.parse(pricesYaml);
    const hourly = prices.items.find((/** @type {{ role?: string }} */ entry) => entry.role === "timepris");
    delete hourly.exact;
    expect(errorOf(YAML.stringify(prices), "site/_data/prices.yaml")).toContain(
      `"${hourly.title}" → Præcis pris: timeprisen skal være én præcis pris`,
    );
    const many = YAML.parse(pricesYaml);
    for (const item of many.items) item.popular = true;
    expect(errorOf(YAML.stringify(many), "site/_data/prices.yaml")).toContain("På forsiden: forsiden viser højst 3 priser");
  });

  it("refuses a town's copy that names a price the list does not have, or types an amount, naming {pris:…}", () => {
    const areas = YAML.parse(readFileSync(`${DATA_DIR}areas.yaml`, "utf8"));
    areas[0].faq[0].answer = "En ny tavle koster {pris:Ny tavle}.";
    expect(checkWith("areas.yaml", YAML.stringify(areas)).join("\n")).toContain(
      `"${areas[0].name}" → Spørgsmål og svar → nr. 1 → Svar: {pris:Ny tavle}: der er ingen pris med titlen "Ny tavle" under Priser`,
    );
    areas[0].faq[0].answer = "En ny tavle koster 9.500 kr.";
    expect(errorOf(YAML.stringify(areas), "site/_data/areas.yaml")).toMatch(/Svar: priser skrives ikke i teksten: skriv \{pris:/);
  });

  it("gives each price of a service an Offer with its minimum (or exact) price in DKK and whether moms is included", () => {
    const prices = loadData("prices");
    const services = loadData("services");
    for (const service of services) {
      const items = prices.items.filter((item) => item.service === service.key);
      const block = serviceOffers(prices, service, "https://x.example", "https://x.example/#business");
      if (items.length === 0) {
        expect(block, service.key).toBeUndefined();
        continue;
      }
      expect(block?.offers.map((offer) => offer.priceSpecification)).toEqual(
        items.map((item) => ({
          "@type": "PriceSpecification",
          ...(item.exact ? { price: item.from } : { minPrice: item.from }),
          priceCurrency: "DKK",
          valueAddedTaxIncluded: item.vat === "inkl",
        })),
      );
    }
  });
});

describe("jobs.yaml", () => {
  it("refuses a job in a town without a page, a service without a page and a photo slot that does not exist", () => {
    const jobs = YAML.parse(jobsYaml);
    jobs[0].town = "Roskilde";
    jobs[1].service = "bolig";
    jobs[2].photo = "tavle";
    const message = checkWith("jobs.yaml", YAML.stringify(jobs)).join("\n");
    expect(message).toContain("Fejl i site/_data/jobs.yaml (Udførte opgaver i CMS'et)");
    expect(message).toContain(`"${jobs[0].title}" → By: "Roskilde" har ingen side under Områder`);
    expect(message).toContain(`"${jobs[1].title}" → Ydelse: "bolig" findes ikke`);
    expect(message).toContain(`"${jobs[2].title}" → Foto: "tavle" findes ikke under Fotos`);
  });

  it("refuses two jobs in one town whose titles begin alike: their stories would share an address", () => {
    const jobs = YAML.parse(jobsYaml);
    jobs.push({ ...jobs[0], title: `${jobs[0].title} igen` });
    expect(checkWith("jobs.yaml", YAML.stringify(jobs)).join("\n")).toContain(
      `"${jobs[0].title} igen" → Overskrift: begynder med de samme fire ord`,
    );
  });

  it("names a job with a missing field by its title", () => {
    const jobs = YAML.parse(jobsYaml);
    delete jobs[0].year;
    expect(errorOf(YAML.stringify(jobs), "site/_data/jobs.yaml")).toContain(`"${jobs[0].title}" → År: mangler`);
  });

  it("tells an area page its own town's newest jobs first, then the nearest towns' until there are three", () => {
    const areas = loadData("areas");
    const jobs = loadData("jobs");
    for (const area of areas) {
      const shown = jobsNear(area, areas, jobs);
      const own = jobs.filter((job) => job.town === area.name).toSorted((a, b) => b.year - a.year);
      expect(shown.length, area.name).toBe(Math.max(own.length, Math.min(3, jobs.length)));
      expect(shown.slice(0, own.length).map((entry) => entry.job)).toEqual(own);
      const others = shown.slice(own.length).map((entry) => entry.km);
      expect(others, area.name).toEqual([...others].sort((a, b) => a - b));
    }
  });

  it("tells at most four of a busy town's own jobs, the newest, and links a service only to jobs told", () => {
    const areas = loadData("areas");
    const [town] = areas;
    const [model] = loadData("jobs");
    const busy = Array.from({ length: AREA_JOB_MAX + 2 }, (_, index) => ({
      ...model,
      town: town.name,
      service: "private",
      title: `Opgave nummer ${index} i byen`,
      year: 2020 + index,
    }));
    const shown = jobsNear(town, areas, busy).map((entry) => entry.job);
    expect(shown).toEqual(busy.toReversed().slice(0, AREA_JOB_MAX));
    const linked = jobsOfService(busy, "private").map((entry) => entry.job);
    expect(linked).toEqual(shown.slice(0, SERVICE_JOB_COUNT));
    // An old job of a busy town, newer than every other job of its kind: not linked, for its town does not tell it.
    const old = { ...model, town: areas[1].name, service: "event", title: "Lys til en fest", year: 2019 };
    const oldInBusy = { ...busy[0], service: "event", year: 2021 };
    const mixed = [...busy.filter((job) => job !== busy[1]), oldInBusy, old];
    expect(jobsOfService(mixed, "event").map((entry) => entry.job)).toEqual([old]);
  });

  it("links each service's newest jobs to their stories on their towns' pages", () => {
    const jobs = loadData("jobs");
    const linked = jobsOfService(jobs, "private");
    expect(linked.length).toBeLessThanOrEqual(SERVICE_JOB_COUNT);
    expect(linked.map((entry) => entry.job.year)).toEqual(linked.map((entry) => entry.job.year).toSorted((a, b) => b - a));
    for (const { job, href } of linked) expect(href).toMatch(new RegExp(`^/omraader/[a-z-]+#${jobAnchor(job)}$`));
  });
});
