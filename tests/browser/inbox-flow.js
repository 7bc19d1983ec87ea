// The firm's inbox (/admin/indbakke) in Chromium at 390 px against the local stack, as the owner and the
// team use it: people added with `npm run team`, signing in with the code from the local mail catcher; a
// lead sent from the home page showing in the open inbox without a reload, worked to Ringet op and
// Vundet with a note; the month's statement and its CSV; the last list readable offline; the team
// changed in the inbox; a test customer's access letter and erasure; a medarbejder without the owner's
// pages, whose erasure the backend refuses; an address not on the team gets no code. The owner's page is
// kept from one test to the next, as the owner keeps it open. Run by tests/browser/widgets.test.js on its
// local stack and browser (one stack, one browser for both).
import { readFile } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { visit } from "../support/browser.js";
import { PERSON } from "../support/local-site-checks.js";
import { addTeamMember, mailsTo, signInCode } from "../support/team-command.js";

const PHONE = { viewport: { width: 390, height: 844 } };
const OWNER = "ejer@indbakke.test";
const WORKER = "svend@indbakke.test";

/**
 * Signs `email` in on the inbox page with the `nth` code mailed to it.
 * @param {any} page
 * @param {any} site
 * @param {string} email
 * @param {number} nth
 */
async function signIn(page, site, email, nth) {
  const code = page.locator("#sign-in-code");
  await page.locator("#sign-in-email").fill(email);
  await page.getByRole("button", { name: "Send kode" }).click();
  await code.waitFor();
  expect(await code.getAttribute("inputmode")).toBe("numeric");
  expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
  await code.fill(await signInCode(site, email, nth));
  await page.getByRole("button", { name: "Log ind" }).click();
  await page.locator("#list-title").waitFor();
}

/**
 * Sends a quote request from the home page's hero form, as a visitor does.
 * @param {import("playwright-core").Browser} browser
 * @param {any} site
 * @param {{ name: string, email: string }} person
 */
async function sendFromHomePage(browser, site, person) {
  const { context, page } = await visit(browser, `${site.base}/`, PHONE);
  const form = page.locator("elektriker-quote-form:has(#hero-form-name)");
  await form.locator("#hero-form-name").focus(); // the first interaction wakes the island
  await page.locator("elektriker-quote-form[ready]:has(#hero-form-name)").waitFor();
  for (const [name, value] of Object.entries({ ...PERSON, ...person, location: "Faxe" }))
    await form.locator(`[name="${name}"]:visible`).fill(value);
  await form.getByRole("button", { name: "Send forespørgsel" }).click();
  await page.locator("elektriker-notices .notice").filter({ hasText: "Besked sendt!" }).waitFor();
  await context.close();
}

/** @param {() => { site: any, browser: import("playwright-core").Browser }} running the stack and the browser */
export function inboxFlow(running) {
  describe("the firm's inbox at /admin/indbakke, in Chromium at 390 px", () => {
    /** @type {{ context: import("playwright-core").BrowserContext, page: any, problems: any } | undefined} the owner's page */
    let owner;
    const customer = { name: "Karen Indbakke", email: "karen.indbakke@example.dk" };
    afterAll(() => owner?.context.close());

    it("an owner added with the team command signs in with the mailed code, sees a new lead without reloading, and works it to won", async () => {
      const { site, browser } = running();
      await addTeamMember(site, OWNER, "ejer");
      owner = await visit(browser, `${site.base}/admin/indbakke`, PHONE);
      const { page, problems } = owner;
      await signIn(page, site, OWNER, 1);
      await page.evaluate(() => {
        /** @type {any} */ (window).sameDocument = true;
      });
      await sendFromHomePage(browser, site, customer);
      // Shown by the page's polling, in the same document: no reload.
      const listed = page.locator(".inbox-lead", { hasText: customer.name });
      await listed.waitFor();
      expect(await page.evaluate(() => /** @type {any} */ (window).sameDocument)).toBe(true);
      expect(await listed.textContent()).toMatch(/Faxe.*Tilbud.*Egen side.*lige nu|Faxe.*Tilbud.*Egen side.*for 1 min siden/);

      await listed.click();
      await page.locator("#lead-title", { hasText: customer.name }).waitFor();
      expect(await page.locator('a[href^="tel:"]').getAttribute("href")).toBe("tel:12345678");
      expect(await page.locator('a[href^="mailto:"]').getAttribute("href")).toContain(customer.email);
      await page.getByRole("button", { name: "Ringet op" }).click();
      await page.locator('button[aria-pressed="true"]', { hasText: "Ringet op" }).waitFor();
      await page.locator("#lead-note").fill("Ringet op, tilbud sendes i morgen.");
      await page.getByRole("button", { name: "Gem note" }).click();
      await page.locator(".inbox-notes", { hasText: "Ringet op, tilbud sendes i morgen." }).waitFor();
      await page.getByRole("button", { name: "Vundet" }).click();
      await page.locator('button[aria-pressed="true"]', { hasText: "Vundet" }).waitFor();
      const history = await page.locator(".inbox-history li").allTextContents();
      expect(
        history.filter((/** @type {string} */ entry) => entry.includes(OWNER)).map((/** @type {string} */ entry) => entry.split(" ")[0]),
      ).toEqual(expect.arrayContaining(["Ringet", "Vundet"]));

      // Back to the list, by the browser's back button: a won lead is no longer open.
      await page.goBack();
      await page.locator("#list-title").waitFor();
      await page.getByRole("button", { name: "Alle" }).click();
      await page.locator(".inbox-lead", { hasText: customer.name }).locator(".inbox-state", { hasText: "Vundet" }).waitFor();
      await page.getByRole("button", { name: "Åbne" }).click();
      await listed.waitFor({ state: "detached" });

      expect(await page.evaluate(() => /** @type {any} */ (window).__csp)).toEqual([]);
      expect(problems.console).toEqual([]);
    });

    it("gives the owner the month's statement with the lead won, and its CSV as a file", async () => {
      const { page } = /** @type {NonNullable<typeof owner>} */ (owner);
      await page.getByRole("link", { name: "Månedsopgørelse" }).click();
      const totals = page.locator(".inbox-table tfoot td");
      await totals.first().waitFor();
      const [leads, won] = (await totals.allTextContents()).map(Number);
      expect(leads).toBeGreaterThanOrEqual(1);
      expect(won).toBeGreaterThanOrEqual(1);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /Hent som CSV/ }).click()]);
      expect(download.suggestedFilename()).toBe(`opgoerelse-${await page.locator("#statement-month").inputValue()}.csv`);
      const csv = await readFile(await download.path(), "utf8");
      expect(csv.startsWith("\uFEFF")).toBe(true);
      expect(csv.split("\r\n")[0]).toContain(";");
    });

    it("keeps the last list read for reading offline, marked so", async () => {
      const { context, page } = /** @type {NonNullable<typeof owner>} */ (owner);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.goBack();
      await page.getByRole("button", { name: "Alle" }).click();
      await page.locator(".inbox-lead", { hasText: customer.name }).waitFor();
      const shown = await page.locator(".inbox-lead strong").allTextContents();
      await context.setOffline(true);
      try {
        // The page itself from the service worker, the list from this member's copy on the device.
        await page.reload();
        await page.locator(".inbox-offline").waitFor();
        expect(await page.locator(".inbox-offline").textContent()).toMatch(/^Offline: listen fra kl\. \d\d\.\d\d$/);
        expect(await page.locator(".inbox-lead strong").allTextContents()).toEqual(shown);
      } finally {
        await context.setOffline(false);
      }
      // Online again: the next poll reads the list, and the mark goes.
      await page.locator(".inbox-offline").waitFor({ state: "detached" });
    });

    it("lets the owner add a person to the team and remove them again", async () => {
      const { page } = /** @type {NonNullable<typeof owner>} */ (owner);
      const newcomer = "ny.svend@indbakke.test";
      await page.getByRole("link", { name: "Team" }).click();
      await page.locator(".inbox-team li", { hasText: OWNER }).waitFor();
      await page.locator("#team-email").fill(newcomer);
      await page.locator("#team-role").selectOption("medarbejder");
      await page.getByRole("button", { name: "Tilføj" }).click();
      const row = page.locator(".inbox-team li", { hasText: newcomer });
      expect(await row.textContent()).toContain("Medarbejder");
      // The owner's own row has no remove button: the last owner stays.
      expect(await page.locator(".inbox-team li", { hasText: OWNER }).getByRole("button").count()).toBe(0);
      await row.getByRole("button", { name: "Fjern" }).click();
      await row.waitFor({ state: "detached" });
      await page.goBack();
    });

    it("finds a test customer's data as the access letter, erases it once the address is typed again; 'Log ud' leaves nothing stored", async () => {
      const { page } = /** @type {NonNullable<typeof owner>} */ (owner);
      await page.getByRole("link", { name: "Kundedata" }).click();
      await page.locator("#customer-search").fill(customer.email);
      await page.getByRole("button", { name: "Find kundens data" }).click();
      const letter = page.locator("textarea.inbox-letter");
      await letter.waitFor();
      expect(await letter.inputValue()).toContain(customer.name);
      await page.getByRole("button", { name: /Slet kundens data/ }).click();
      await page.locator("#erase-confirm").fill(customer.email.toUpperCase());
      await page.getByRole("button", { name: "Slet for altid" }).click();
      // Typed otherwise than searched: refused by the page before anything is sent.
      await page.locator("[role=alert]", { hasText: "præcis som ovenfor" }).waitFor();
      await page.locator("#erase-confirm").fill(customer.email);
      await page.getByRole("button", { name: "Slet for altid" }).click();
      await page.locator("[role=status]", { hasText: "1 henvendelse er slettet." }).waitFor();

      await page.goto(`${page.url().split("#")[0]}#henvendelser`);
      await page.getByRole("button", { name: "Alle" }).click();
      await page.locator("#inbox-search").fill(customer.email);
      await page.locator(".inbox-quiet", { hasText: "Ingen henvendelser passer til søgningen." }).waitFor();

      await page.getByRole("button", { name: "Log ud" }).click();
      await page.locator("#sign-in-email").waitFor();
      expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    });

    it("shows a medarbejder the leads but not the owner's pages, and the backend refuses their erasure", async () => {
      const { site, browser } = running();
      await addTeamMember(site, WORKER, "medarbejder");
      const { context, page } = await visit(browser, `${site.base}/admin/indbakke`, PHONE);
      try {
        await signIn(page, site, WORKER, 1);
        expect(await page.locator(".inbox-owner").count()).toBe(0);
        await page.goto(`${site.base}/admin/indbakke#kundedata`);
        await page.locator("#list-title").waitFor();
        expect(await page.locator("#customer-title").count()).toBe(0);
        // Asked with the medarbejder's own session, as the page would: refused, in Danish.
        const answer = await page.evaluate(async (/** @type {string} */ apiUrl) => {
          const { access_token: token } = JSON.parse(localStorage.getItem("indbakke-session") ?? "{}");
          const response = await fetch(`${apiUrl}/functions/v1/inbox`, {
            method: "POST",
            headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
            body: JSON.stringify({ action: "erase", email: "jens.hansen@example.dk", confirm: "jens.hansen@example.dk" }),
          });
          return { status: response.status, body: await response.json() };
        }, site.apiUrl);
        expect(answer).toEqual({ status: 403, body: { error: "Det kan kun firmaets ejer." } });
      } finally {
        await context.close();
      }
    });

    it("gives an address not on the team no code, and says so in Danish", async () => {
      const { site, browser } = running();
      const stranger = "fremmed@indbakke.test";
      const { context, page } = await visit(browser, `${site.base}/admin/indbakke`, PHONE);
      try {
        await page.locator("#sign-in-email").fill(stranger);
        await page.getByRole("button", { name: "Send kode" }).click();
        expect(await page.locator("[role=alert]").textContent()).toMatch(/ikke med på firmaets team/);
        expect(await page.locator("#sign-in-code").count()).toBe(0);
        expect(await mailsTo(site, stranger)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
