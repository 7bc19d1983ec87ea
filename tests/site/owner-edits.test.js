// The firm's everyday edits, made in a scratch copy of the repository as the owner would make them (a
// seventh review, a seventeenth town, a job done there, a new price, a camera's photo named Eltavle.JPG,
// a new page copied from /om-os, a new phone number, a raised price, the rating's new month): the copy builds,
// and the site tests, run inside the copy against its own data and its own build, all pass. Then a
// mistake in a data file and a broken page each fail the build, and the copy's dist/ stays as it was.
import { execFile } from "node:child_process";
import { appendFileSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse } from "node-html-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_INPUTS, buildCopy, scratchCopy } from "../support/scratch-copy.js";
import { monthYear } from "../../site/_lib/format.js";
import { loadData } from "../../site/_lib/load-data.js";
import { priceByRole, priceText } from "../../site/_lib/prices.js";
import { DIST, business, requireBuild } from "../support/site.js";

const NEW_PHONE = "98 76 54 32";
const NEW_RATING_DATE = "2099-03";
const HOURLY = /** @type {import("../../site/_lib/data-types.js").Prices["items"][number]} */ (priceByRole(loadData("prices"), "timepris"));
const NEW_HOURLY = HOURLY.from + 50;
const run = promisify(execFile);
/** The site tests that build a scratch copy of their own. */
const SCRATCH_BUILDS = ["owner-edits.test.js", "facts-at-build.test.js"];
let dir = "";

/** `npm run build:site` in the copy; resolves to its exit code and output. */
const buildSite = (/** @type {Record<string, string>} */ env = {}) => buildCopy(dir, env);

/** Every file of the copy's dist/ with its size and modification time: what "left whole" compares. */
const snapshot = () =>
  readdirSync(join(dir, "dist"), { recursive: true, encoding: "utf8" })
    .sort()
    .map((name) => {
      const stat = statSync(join(dir, "dist", name));
      return `${name} ${stat.size} ${stat.mtimeMs}`;
    });

// As long as customers write them on Google (394 characters): the home and area pages show an excerpt.
const REVIEW = `
- name: Birgitte Lund
  location: Rønnede
  rating: 5
  date: 2099-01
  text: >-
    Nyt køkken med spots og stikkontakter. Vi havde fået to andre tilbud, men her fik vi en fast pris efter
    besigtigelsen, og den holdt. Elektrikeren mødte til tiden hver morgen, forklarede undervejs, hvad han lavede,
    og ryddede op efter sig hver dag. Til sidst gennemgik han tavlen med os og mærkede alle grupper, så vi selv kan
    finde rundt i den. Vi bruger dem helt sikkert igen, når carporten skal have lys og en ladeboks.
`;
const TOWN = `
- name: Rønnede
  postalCode: "4683"
  latitude: 55.2631
  longitude: 12.0211
  description: >-
    Rønnede ligger ved Sydmotorvejen, {afstand} fra Tureby, med Faxe Ladeplads og Bugten mod øst og Haslev mod vest.
    Byen har vokset sig større med nye parcelhuse ved Kildevej, mens de gamle gårde og husmandssteder
    langs landevejen stadig har stalde, lader og værksteder med hver sin gamle installation.
    Vi kender både de nye huse, hvor familien vil have ladeboks og varmepumpe på plads, og de gamle længer,
    hvor kabler fra 1950'erne skal skiftes, før der kommer mere strøm på.
    Mange pendlere i Rønnede kører elbil til København, og en ladeboks i indkørslen er blevet den opgave, vi laver oftest i byen.
  metaDescription: Autoriseret elektriker i Rønnede ved Sydmotorvejen. Ladeboks til pendlerens elbil, ny eltavle og el i gamle gårde til fast pris.
  faq:
    - question: Jeg pendler i elbil fra Rønnede. Hvor stor en ladeboks skal jeg have?
      answer: >-
        Til daglig pendling til København er en 11 kW ladeboks som regel rigeligt, så bilen er fuld om morgenen.
        Vi ser på husets stikledning og eltavle, før vi anbefaler en størrelse.
    - question: Vores længe fra 1950'erne har gamle stofkabler. Skal alt skiftes?
      answer: >-
        Stofisolerede kabler bliver skøre med alderen og bør skiftes, når der alligevel arbejdes i huset.
        Vi gennemgår længen rum for rum og prioriterer det, der betyder mest for sikkerheden.
    - question: Hvor hurtigt kommer I ved en akut fejl i Rønnede?
      answer: >-
        Ved akutte fejl er vi {akut} hos dig i Rønnede.
        Går strømmen i stalden om natten, tager døgnvagten telefonen.
    - question: Kan I lægge strøm ud til et værksted i laden?
      answer: >-
        Ja, vi graver kabel ned eller trækker det langs bygningerne og sætter en lille undertavle op i værkstedet,
        så maskiner og lys har deres egne grupper.
    - question: Hvornår kan I gå i gang med en renovering i Rønnede?
      answer: >-
        Efter besigtigelsen får du et tilbud {tilbud}, og vi kan normalt starte {opstart}.
        Vi aftaler rækkefølgen, så I kan bo i huset imens.
`;

// A job in the new town, and one more in the town whose page is the fullest (Køge), of the fullest service.
const JOB = `
- title: Ladestander i en carport i Rønnede
  town: Rønnede
  service: energi
  year: 2026
  photo: ladestander
  text: >-
    En pendler med ny elbil havde carporten 25 m fra huset. Vi gravede et kabel ned langs indkørslen,
    lavede en ny gruppe i tavlen og satte en 11 kW ladestander op, som lader om natten på billig strøm.
- title: Stofkabler skiftet i en villa fra 1952
  town: Køge
  service: private
  year: 2099
  photo: eltavle
  text: >-
    Ved et eleftersyn inden et hussalg fandt vi stofisolerede kabler i stuen og soveværelserne. Vi trak nye kabler
    i de gamle rør, hvor det kunne lade sig gøre, og lagde resten i lister langs paneler, så vægge og lofter
    kunne blive, som de var. Køberne fik en ren elinstallationsrapport ved overtagelsen.
  quote: Vi kunne sælge huset til tiden, og køberne fik papir på, at alt var i orden.
  quoteBy: Henrik, Køge
`;
const PRICE = `
  - title: Udeelstik i haven
    service: private
    customer: privat
    from: 1900
    vat: inkl
    includes: Et dobbelt udendørs stik på husmuren med egen fejlstrømsbeskyttelse, op til 5 m kabel.
    extras: Gravning ud i haven og stik på stolpe.
`;

/**
 * One entry the owner adds to each collection (a file of site/_data): a new collection is one more line.
 * A list file takes it at its end; prices.yaml's list is followed by the fradrag, so it goes before that.
 */
const ADDED = { "reviews.yaml": REVIEW, "areas.yaml": TOWN, "jobs.yaml": JOB };
const INSERTED = { "prices.yaml": { before: "\ndeduction:", entry: PRICE } };
const PHOTO_ALT = "Ny eltavle med HPFI-relæer i et parcelhus";

beforeAll(async () => {
  requireBuild();
  // With the tests too: the site tests run inside the copy.
  dir = scratchCopy("owner-edits-", { entries: [...BUILD_INPUTS, "tests", "vitest.config.js"] });

  // The owner's edits, as text appended to and replaced in the files (comments kept).
  for (const [file, entry] of Object.entries(ADDED)) appendFileSync(join(dir, "site/_data", file), entry);
  for (const [file, { before, entry }] of Object.entries(INSERTED)) {
    const path = join(dir, "site/_data", file);
    const text = readFileSync(path, "utf8");
    const at = text.indexOf(before);
    expect(at, `${file}: ${before}`).toBeGreaterThan(0);
    writeFileSync(path, text.slice(0, at) + entry.trimEnd() + text.slice(at));
  }
  // A camera's photo for the slot `eltavle`, named as the camera names it, and its description.
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1e4f8a" } })
    .jpeg()
    .toFile(join(dir, "site/images/photos/Eltavle.JPG"));
  const photosFile = join(dir, "site/_data/photos.yaml");
  writeFileSync(photosFile, readFileSync(photosFile, "utf8").replace(/^eltavle:\n/m, `eltavle:\n  alt: ${PHOTO_ALT}\n`));
  const businessFile = join(dir, "site/_data/business.yaml");
  writeFileSync(
    businessFile,
    readFileSync(businessFile, "utf8")
      .replace(/^phone: .*$/m, `phone: ${NEW_PHONE}`)
      .replace(/^( {2}ratingDate:) .*$/m, `$1 ${NEW_RATING_DATE}`),
  );
  // A price other copy quotes (the hourly rate), raised.
  const pricesFile = join(dir, "site/_data/prices.yaml");
  const pricesYaml = readFileSync(pricesFile, "utf8");
  const hourly = /(role: timepris\n(?:\s+exact: true\n)?\s+from:) (\d+)/.exec(pricesYaml);
  expect(hourly?.[2]).toBe(String(HOURLY.from));
  writeFileSync(pricesFile, pricesYaml.replace(/(role: timepris\n(?:\s+exact: true\n)?\s+from:) \d+/, `$1 ${NEW_HOURLY}`));
  const page = readFileSync(join(dir, "site/om-os.md"), "utf8")
    .replace(/^permalink: .*$/m, "permalink: /garanti.html")
    .replace(/^title: .*$/m, "title: Garanti")
    .replace(/^eyebrow: .*$/m, "eyebrow: Garanti")
    .replace(/^heading: .*$/m, "heading: Fem års garanti på vores arbejde")
    .replace(
      /^description: .*$/m,
      'description: "Vi giver fem års garanti på alt elarbejde. Læs, hvad garantien dækker, og hvad du gør, hvis noget ikke virker."',
    )
    .replace(/^keywords: .*$/m, 'keywords: "elektriker garanti, garanti på elarbejde, autoriseret elektriker Sjælland"')
    .replace(/- \{ label: Om os \}/, "- { label: Garanti }");
  writeFileSync(join(dir, "site/garanti.md"), page);

  const build = await buildSite();
  expect(build.code, build.output).toBe(0);
}, 600_000);
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

describe("the owner's edits in a scratch copy", () => {
  it("build, and show the new review, town, job, price, page and phone number", () => {
    const home = readFileSync(join(dir, "dist/index.html"), "utf8");
    expect(home).toContain("Birgitte Lund");
    // Cut on the home page, whole on /anmeldelser, where the excerpt links.
    expect(home).toContain("Læs hele anmeldelsen");
    expect(home).not.toContain("når carporten skal have lys");
    expect(home).toContain(`href="tel:+45${NEW_PHONE.replaceAll(" ", "")}"`);
    expect(home).not.toContain(`tel:${business.phone.e164}`);
    expect(readFileSync(join(dir, "dist/anmeldelser.html"), "utf8")).toContain("når carporten skal have lys");
    const town = readFileSync(join(dir, "dist/omraader/ronnede.html"), "utf8");
    expect(town).toContain("4683");
    expect(town).toContain("Birgitte Lund");
    expect(town).toContain("Ladestander i en carport i Rønnede");
    const privateService = readFileSync(join(dir, "dist/ydelser/private.html"), "utf8");
    expect(privateService).toContain("Udeelstik i haven");
    expect(privateService).toContain("Stofkabler skiftet i en villa fra 1952");
    expect(readFileSync(join(dir, "dist/omraader/koge.html"), "utf8")).toContain("køberne fik papir på");
    expect(readFileSync(join(dir, "dist/garanti.html"), "utf8")).toContain("Fem års garanti på vores arbejde");
    // The photo fills its slot on every page that has it: AVIF and WebP, with the owner's text.
    const pages = readdirSync(join(dir, "dist"), { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".html"))
      .map((name) => readFileSync(join(dir, "dist", name), "utf8"));
    const photos = pages.flatMap((html) => parse(html).querySelectorAll(`img[alt="${PHOTO_ALT}"]`));
    expect(photos.length).toBeGreaterThan(0);
    for (const photo of photos) expect(photo.parentNode?.querySelector("source")?.getAttribute("type")).toBe("image/avif");
    expect(pages.filter((html) => html.includes("Tegning af en eltavle"))).toEqual([]);
    expect(readFileSync(join(dir, "dist/sitemap.xml"), "utf8")).toContain(`${business.site.url}/garanti</loc>`);
    // The same publish carries the new phone number and town to the functions (site-facts.json).
    const { facts } = JSON.parse(readFileSync(join(dir, "dist/site-facts.json"), "utf8"));
    expect(facts.phone).toBe(NEW_PHONE);
    expect(facts.areas.map((/** @type {{ name: string }} */ area) => area.name)).toContain("Rønnede");
  });

  it("show a changed price and the rating's new month on every page that showed the old, and the old nowhere", () => {
    const html = (/** @type {string} */ root) =>
      readdirSync(root, { recursive: true, encoding: "utf8" })
        .filter((name) => name.endsWith(".html"))
        // As read: without tags (a price keeps its figure and "kr." on one line in a span of its own).
        .map((name) => ({ name, text: readFileSync(join(root, name), "utf8").replace(/<[^>]*>/g, "") }));
    const before = html(DIST);
    const after = new Map(html(join(dir, "dist")).map(({ name, text }) => [name, text]));
    const changes = [
      { old: priceText(HOURLY), now: priceText({ ...HOURLY, from: NEW_HOURLY }) },
      { old: `pr. ${monthYear(business.figures.ratingDate)}`, now: `pr. ${monthYear(NEW_RATING_DATE)}` },
    ];
    for (const { old, now } of changes) {
      const showing = before.filter(({ text }) => text.includes(old)).map(({ name }) => name);
      expect(showing.length, old).toBeGreaterThan(0);
      for (const name of showing) expect(after.get(name), `${name}: ${now}`).toContain(now);
      for (const [name, text] of after) expect(text, `${name}: ${old}`).not.toContain(old);
    }
  });

  it("pass the site tests, run against the copy's own data and build", async () => {
    const vitest = join(dir, "node_modules/vitest/vitest.mjs");
    // This file and the other scratch-copy build are left out: each builds a copy of its own.
    const files = readdirSync(join(dir, "tests/site")).filter((name) => name.endsWith(".test.js") && !SCRATCH_BUILDS.includes(name));
    const args = ["run", "--project", "site-and-backend", ...files.map((name) => `tests/site/${name}`)];
    const result = await run(process.execPath, [vitest, ...args], { cwd: dir, env: { ...process.env, SITE_TEST_DIST: "" } }).catch(
      (/** @type {any} */ error) => error,
    );
    const output = `${result.stdout}${result.stderr}`;
    expect(output).toMatch(/Tests: \d+ passed, 0 failed, 0 skipped/);
    expect(result.code ?? 0, output).toBe(0);
  }, 900_000);
});

describe("a failed build", () => {
  // A failed build once left dist/ holding only img/: uploading it would have published an empty site.
  it("stops at a YAML mistake with line, column and what to write, in Danish, and leaves dist/ as it was", async () => {
    const before = snapshot();
    const reviews = join(dir, "site/_data/reviews.yaml");
    const good = readFileSync(reviews, "utf8");
    // A review typed on one line, with a colon in its text: YAML reads "Nyt køkken:" as a field.
    const typed = "\n- name: Ib Holm\n  location: Køge\n  rating: 5\n  date: 2099-02\n  text: Nyt køkken: spots og stikkontakter.\n";
    writeFileSync(reviews, good + typed);
    const failed = await buildSite();
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(/^Fejl i site\/_data\/reviews\.yaml:\n {2}Linje \d+, kolonne \d+: Et kolon med mellemrum efter/);
    expect(failed.output).toContain("Bygningen stoppede: dist/ er uændret");
    expect(failed.output).not.toMatch(/\n\s+at /);
    expect(failed.output.trim().split("\n").length).toBeLessThanOrEqual(8);
    expect((await buildSite({ DEBUG: "1" })).output).toMatch(/\n\s+at /);
    expect(snapshot()).toEqual(before);
    writeFileSync(reviews, good);
  }, 300_000);

  it("stops at an error inside a page and leaves dist/ as it was", async () => {
    const before = snapshot();
    writeFileSync(join(dir, "site/garanti.md"), "---\npermalink: /garanti.html\n---\n{{ business.brand | noSuchFilter }}\n");
    const failed = await buildSite();
    expect(failed.code).toBe(1);
    expect(failed.output).toContain("Bygningen stoppede: dist/ er uændret");
    expect(snapshot()).toEqual(before);
  }, 300_000);
});
