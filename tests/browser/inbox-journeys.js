// The inbox's sign-in as a journey of tests/browser/engines.test.js, in Firefox and WebKit on the engines'
// own stack (the whole inbox runs in Chromium: ./inbox-flow.js): a member of the team types the address,
// then the code mailed to the local mail catcher, sees the list, and "Log ud" leaves nothing stored.
import { signInCode } from "../support/team-command.js";

/** The team member a run signs in as, its own in each engine's run (added before the journeys start). */
export const inboxMember = (/** @type {string} */ engine) => `indbakke-${engine}@firma.test`;

/** @type {import("./journeys.js").Journey} */
export const INBOX_SIGN_IN = {
  name: "a member of the team signs in to the inbox with the mailed code, and 'Log ud' leaves nothing on the device",
  url: "/admin/indbakke",
  viewport: { width: 390, height: 844 },
  async run({ tab, site, expect, engine }) {
    const email = inboxMember(engine);
    await tab.waitForElement("#sign-in-email");
    await tab.type("#sign-in-email", email);
    await tab.click({ css: "button", text: "Send kode" });
    await tab.waitForElement("#sign-in-code");
    // The attributes as written: Firefox's autocomplete property is empty for a token it does not fill itself.
    expect(
      await tab.read("#sign-in-code", (/** @type {HTMLInputElement} */ field) => [
        field.getAttribute("inputmode"),
        field.getAttribute("autocomplete"),
      ]),
    ).toEqual(["numeric", "one-time-code"]);
    await tab.type("#sign-in-code", await signInCode(site, email));
    await tab.click({ css: "button", text: "Log ind" });
    await tab.waitForElement("#list-title").catch(async (/** @type {Error} */ error) => {
      throw new Error(
        `${error.message}; page: ${await tab.evaluate(() => document.body.innerText)}; problems: ${JSON.stringify(await tab.problems())}`,
      );
    });
    expect(await tab.evaluate(() => document.querySelector(".inbox-who")?.textContent)).toBe(email);
    await tab.click({ css: "button", text: "Log ud" });
    await tab.waitForElement("#sign-in-email");
    expect(await tab.evaluate(() => Object.keys(localStorage))).toEqual([]);
  },
};
