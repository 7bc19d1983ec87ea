// The firm's CMS, driven in Debian's Chromium as the owner would: the real Decap CMS at /admin, saving
// through decap-server in MODE=git into a scratch git repository (a copy of this one). On a phone's
// screen (390 px) and a desktop's: a field and a new review at each width, a price and a photo uploaded
// into a slot on the phone, a new town on the desktop. Each save is a commit; the scratch repository then builds, and each change shows
// on the pages where it belongs.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../dev/chromium.js";
import { startCmsBackend } from "../../dev/local/cms-backend.js";
import { freePort } from "../../dev/local/free-port.js";
import { closeServer, listen } from "../../dev/local/servers.js";
import { createStaticServer } from "../../dev/static-server.js";
import { writeAdmin } from "../../site/_lib/admin.js";
import { daNumber } from "../../site/_lib/format.js";
import { loadData } from "../../site/_lib/load-data.js";
import { buildCopy, scratchCopy } from "../support/scratch-copy.js";
import { DIST, requireBuild } from "../support/site.js";

const NEW_PHONE = "98 76 54 32";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const git = (/** @type {string[]} */ ...args) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" }).trim();
const commits = () => Number(git("rev-list", "--count", "HEAD"));

let repo = "";
let served = "";
/** @type {{ stop: () => Promise<void> } | undefined} */
let backend;
/** @type {import("node:http").Server | undefined} */
let server;
/** @type {import("playwright-core").Browser | undefined} */
let browser;
/** @type {import("playwright-core").BrowserContext} */
let context;
/** @type {import("playwright-core").Page} */
let page;
let base = "";
/** What the page's console said about its Content-Security-Policy. */
const policyViolations = [];

beforeAll(async () => {
  requireBuild();
  repo = scratchCopy("cms-repo-", { git: true });

  const port = await freePort();
  backend = await startCmsBackend({ repoDir: repo, port });
  served = mkdtempSync(join(tmpdir(), "cms-admin-"));
  await writeAdmin(served, { backendUrl: `http://127.0.0.1:${port}/api/v1`, branch: "main" });
  // Served as production serves it: with the site's response headers.
  cpSync(join(DIST, "_headers"), join(served, "_headers"));
  server = await createStaticServer(served);
  base = `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}/admin`;

  browser = await launchChromium();
  context = await browser.newContext({ viewport: DESKTOP });
  page = await newPage();
  await page.goto(base);
  await page.getByRole("button", { name: "Log ind" }).click();
  await page.getByRole("heading", { name: "Samlinger" }).waitFor();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (server) await closeServer(server);
  await backend?.stop();
  for (const dir of [repo, served]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A new tab of the browser, whose console is watched for the CMS's policy. */
async function newPage() {
  const tab = await context.newPage();
  tab.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) policyViolations.push(message.text());
  });
  return tab;
}

/**
 * Opens a data file in the CMS in a new tab, as the owner's next visit would, and waits until its
 * content is shown (`shown`: a text of the file).
 */
async function open(collection, shown, viewport = DESKTOP) {
  await page.close({ runBeforeUnload: false });
  page = await newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${base}#/collections/${collection}/entries/${collection}`);
  await page.getByText(shown, { exact: true }).first().waitFor();
}

/** Publishes the open entry and waits for its commit, and for the CMS to say it is published. */
async function publish() {
  const before = commits();
  await page.getByRole("button", { name: "Publicer", exact: true }).click();
  await page.getByText("Publicer nu").click();
  await expect.poll(commits, { timeout: 30_000 }).toBeGreaterThan(before);
  await page.getByRole("button", { name: "Publiceret" }).waitFor();
}

/** The input of the last field with this label (a new list item's, when items repeat). */
const lastField = (label) => page.getByLabel(label, { exact: true }).last();

describe("the CMS at /admin, saving through decap-server into a git repository", () => {
  it("changes a field and adds a review on a phone's screen, 390 px wide", async () => {
    await open("business", "Telefonnummer", PHONE);
    await lastField("Telefonnummer").fill("98 76 54 31");
    await publish();
    expect(readFileSync(join(repo, "site/_data/business.yaml"), "utf8")).toMatch(/^phone: 98 76 54 31$/m);
    await open("reviews", loadData("reviews")[0].name, PHONE);
    await page.getByRole("button", { name: /^Tilføj anmeldelser$/i }).click();
    await lastField("Kundens navn").fill("Mette Vang");
    await lastField("By").fill("Herfølge");
    await lastField("Måned").fill("2098-12");
    await lastField("Anmeldelse").fill("Ny lampe i loftet og to stikkontakter i carporten. Hurtigt, pænt og til den pris, vi fik oplyst.");
    await publish();
    expect(readFileSync(join(repo, "site/_data/reviews.yaml"), "utf8")).toContain("Mette Vang");
    // Nothing of the editor lies outside the phone's screen, which would need sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("changes the phone number: one field, one commit", async () => {
    await open("business", "Telefonnummer");
    await lastField("Telefonnummer").fill(NEW_PHONE);
    await publish();
    expect(git("log", "-1", "--format=%s")).toBe("Opdater Firmaoplysninger (CMS)");
    expect(readFileSync(join(repo, "site/_data/business.yaml"), "utf8")).toMatch(new RegExp(`^phone: ${NEW_PHONE}$`, "m"));
  });

  it("refuses to save a phone number the build would refuse", async () => {
    await open("business", "Telefonnummer");
    await lastField("Telefonnummer").fill("12 34 56 7");
    const before = commits();
    await page.getByRole("button", { name: "Publicer", exact: true }).click();
    await page.getByText("Publicer nu").click();
    await page.getByText(/Ikke gyldigt: 8 cifre/).waitFor();
    expect(commits()).toBe(before);
  });

  it("adds a seventh review", async () => {
    await open("reviews", loadData("reviews")[0].name);
    await page.getByRole("button", { name: /^Tilføj anmeldelser$/i }).click();
    await lastField("Kundens navn").fill("Birgitte Lund");
    await lastField("By").fill("Rønnede");
    await lastField("Måned").fill("2099-01");
    await lastField("Anmeldelse").fill(
      "Nyt køkken med spots og stikkontakter. Alt blev lavet som aftalt, og de ryddede op efter sig hver dag.",
    );
    await publish();
    expect(readFileSync(join(repo, "site/_data/reviews.yaml"), "utf8")).toContain("Birgitte Lund");
  });

  it("adds a town with its five questions and answers", async () => {
    await open("areas", loadData("areas")[0].name);
    await page.getByRole("button", { name: /^Tilføj områder$/i }).click();
    await lastField("By").fill("Rønnede");
    await lastField("Postnummer").fill("4683");
    // No distance to type: the build measures it from the coordinates.
    await lastField("Breddegrad").fill("55.2631");
    await lastField("Længdegrad").fill("12.0211");
    await lastField("Beskrivelse").fill(
      "Rønnede ligger ved Sydmotorvejen, og mange pendlere i byen kører elbil. En ladeboks i indkørslen er den opgave, vi laver oftest her, " +
        "og på de gamle gårde langs landevejen skifter vi kabler fra 1950'erne i stalde, lader og værksteder.",
    );
    await lastField("Tekst til Google").fill(
      "Autoriseret elektriker i Rønnede ved Sydmotorvejen. Ladeboks, ny eltavle og el i gamle gårde til fast pris.",
    );
    for (let n = 1; n <= 5; n++) {
      await page
        .getByRole("button", { name: /^Tilføj spørgsmål og svar$/i })
        .last()
        .click();
      await lastField("Spørgsmål").fill(`Spørgsmål nummer ${n} om el i Rønnede?`);
      await lastField("Svar").fill(`Svar nummer ${n}: vi kommer gerne ud til dig i Rønnede og ser på opgaven.`);
    }
    await publish();
    expect(readFileSync(join(repo, "site/_data/areas.yaml"), "utf8")).toContain("Rønnede");
  });

  it("changes a price on a phone's screen, 390 px wide", async () => {
    const [first] = loadData("prices").items;
    await open("prices", first.title, PHONE);
    // The list shows each price folded, by its title: the owner unfolds the one to change (the arrow before it).
    await page.locator('[class*="ListItem-listControlItem"]').filter({ hasText: first.title }).first().locator("button").first().click();
    await page
      .getByLabel("Fra-pris i kr.", { exact: true })
      .first()
      .fill(String(first.from + 500));
    // The toolbar says in full that there are changes not yet saved (its lines once overflowed it, cut off).
    const toolbar = await page.locator('[class*="-ToolbarContainer"]').boundingBox();
    const state = await page.getByText("Ugemte ændringer", { exact: true }).boundingBox();
    expect(toolbar && state && state.y >= toolbar.y && state.y + state.height <= toolbar.y + toolbar.height).toBe(true);
    await publish();
    expect(readFileSync(join(repo, "site/_data/prices.yaml"), "utf8")).toContain(`from: ${first.from + 500}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("uploads a photo from a phone into a slot, with its own description, 390 px wide", async () => {
    const photo = join(served, "Eltavle.JPG");
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#475569" } })
      .jpeg()
      .toFile(photo);
    await open("photos", "Vælg et billede", PHONE);
    await page.getByRole("button", { name: "Vælg et billede" }).first().click();
    await page.locator('input[type="file"]').setInputFiles(photo);
    // The upload waits in the media library, chosen, under the CMS's lower-case name; it is committed with the entry.
    await page.getByText("eltavle.jpg", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Anvend valgte" }).click();
    // Optional until the slot has a photo (the CMS marks it so after its label).
    await page
      .getByLabel(/^Beskrivelse af billedet/)
      .first()
      .fill("Ny eltavle med HPFI-relæer i et parcelhus");
    await publish();
    expect(readdirSync(join(repo, "site/images/photos"))).toContain("eltavle.jpg");
    expect(readFileSync(join(repo, "site/_data/photos.yaml"), "utf8")).toContain("file: /images/photos/eltavle.jpg");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("never met its own Content-Security-Policy", () => {
    expect(policyViolations).toEqual([]);
  });
});

describe("the scratch repository after the CMS's saves", () => {
  /** @type {Record<string, string>} */
  const pages = {};
  beforeAll(async () => {
    const built = await buildCopy(repo);
    expect(built.code, built.output).toBe(0);
    for (const name of readdirSync(join(repo, "dist"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html")))
      pages[name] = readFileSync(join(repo, "dist", name), "utf8");
  }, 300_000);

  it("is one commit per save, with nothing left uncommitted", () => {
    // The start, and the seven saves (the photo is committed with its slot's description).
    expect(commits()).toBe(8);
    expect(git("status", "--porcelain", "site")).toBe("");
  });

  it("builds, showing each change on the pages where it belongs", () => {
    expect(pages["index.html"]).toContain(`href="tel:+45${NEW_PHONE.replaceAll(" ", "")}"`);
    expect(pages["index.html"]).toContain("Birgitte Lund");
    expect(pages["anmeldelser.html"]).toContain("Mette Vang");
    expect(pages["anmeldelser.html"]).toContain("Birgitte Lund");
    expect(pages["omraader/ronnede.html"]).toContain("4683");
    expect(pages["omraader/ronnede.html"]).toContain("Birgitte Lund");
    expect(pages["omraader.html"]).toContain('href="/omraader/ronnede"');
    const [price] = loadData("prices").items;
    expect(Object.values(pages).filter((html) => html.includes(`${daNumber(price.from + 500)} kr.`)).length).toBeGreaterThan(0);
    const withPhoto = Object.entries(pages).filter(([, html]) => html.includes('alt="Ny eltavle med HPFI-relæer i et parcelhus"'));
    expect(withPhoto.length).toBeGreaterThan(0);
    for (const [name, html] of withPhoto) expect(html, name).toMatch(/<source type="image\/avif" srcset="\/img\//);
  });
});
