// The firm's inbox (/admin/indbakke) in Chromium at 390 px against the local stack, as the owner and the
// team use it: people added with `npm run team`, signing in with the code from the local mail catcher, a
// lead sent from the home page showing in the open inbox without a reload, worked to Ringet op and
// Vundet with a note; a medarbejder without the owner's pages; an address not on the team gets no code.
// Run by tests/browser/widgets.test.js on its local stack and browser (one stack, one browser for both).
import { describe, expect, it } from "vitest";
import { visit } from "../support/browser.js";
import { PERSON } from "../support/local-site-checks.js";
import { addToTeam, mailsTo, signInCode } from "../support/team-command.js";

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
    it("an owner added with the team command signs in with the mailed code, sees a new lead without reloading, and works it to won", async () => {
      const { site, browser } = running();
      await addToTeam(site, OWNER, "ejer");
      const { context, page, problems } = await visit(browser, `${site.base}/admin/indbakke`, PHONE);
      try {
        await signIn(page, site, OWNER, 1);
        await page.evaluate(() => {
          /** @type {any} */ (window).sameDocument = true;
        });
        const customer = { name: "Karen Indbakke", email: "karen.indbakke@example.dk" };
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

        await page.getByRole("button", { name: "Log ud" }).click();
        await page.locator("#sign-in-email").waitFor();
        expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it("shows a medarbejder the leads but not the owner's pages", async () => {
      const { site, browser } = running();
      await addToTeam(site, WORKER, "medarbejder");
      const { context, page } = await visit(browser, `${site.base}/admin/indbakke`, PHONE);
      try {
        await signIn(page, site, WORKER, 1);
        expect(await page.locator(".inbox-owner").count()).toBe(0);
        await page.goto(`${site.base}/admin/indbakke#kundedata`);
        await page.locator("#list-title").waitFor();
        expect(await page.locator("#customer-title").count()).toBe(0);
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
