// The journeys of a request sent without a connection, run in every engine with the others
// (tests/browser/engines.test.js), each engine cut off by its own means (tab.setOffline,
// tests/support/browser-adapters.js; docs/testing.md): on the firm's pages the request is kept on the
// device and goes by itself once the connection is back, also from another page after the tab was
// closed, a call-back as a quote; the partner embed holds it in the page's memory and keeps nothing on
// the partner's origin.
// Each is stored exactly once (the runner counts the rows at the end; the journey counts the e-mails).
import { PERSON, mailFields, mailTo } from "../support/local-site-checks.js";
import { SEND_CALLBACK, callbackMail, callbackPhone, fillCallback, noticeSaying, recordNotices } from "./journeys.js";

const SEND = { css: "button", text: "Send forespørgsel" };
const FORM = ["elektriker-quote-form"];
const KEPT =
  "Vi har gemt din forespørgsel på denne enhed og sender den af sig selv, så snart du er online igen. Du behøver ikke gøre mere.";
const SENT_NOTICE = "Din forespørgsel er sendt";

/**
 * Fills the site's form on /kontakt with `email` and `location`, cuts the connection and sends.
 * @param {import("../support/browser-adapters.js").BrowserTab} tab
 * @param {any} site
 * @param {{ email: string, location: string }} values
 */
async function sendOffline(tab, site, { email, location }) {
  await tab.click("#kontakt-form-name");
  await tab.waitForElement("elektriker-quote-form[ready]");
  for (const [name, text] of Object.entries({ ...PERSON, email, location })) await tab.type([...FORM, `[name="${name}"]`], text);
  await tab.setOffline(true, site.apiUrl);
  await recordNotices(tab);
  await tab.click([...FORM, SEND]);
  // A browser that knows it is offline says so; one whose network has no way out cannot tell.
  return tab.waitFor(() => document.getElementById("kontakt-form-kept")?.textContent, [], { what: "the kept message", timeout: 45_000 });
}

/** The firm's e-mails about `email`: exactly one, however often the request was tried. */
const mailsAbout = async (/** @type {any} */ site, /** @type {string} */ email) =>
  (await site.mails()).filter((/** @type {any} */ mail) => mail.replyTo?.some((/** @type {any} */ to) => to.address === email));

/** What the browser reports about requests that could not leave it: expected here, nothing else. */
const offlineProblems = (/** @type {any} */ site) => ({
  allow: (/** @type {string} */ problem) => problem.includes(site.apiUrl) || /INTERNET_DISCONNECTED|NetworkError|offline/i.test(problem),
});

/** @type {import("./journeys.js").Journey[]} */
export const OFFLINE_JOURNEYS = [
  {
    name: "offline, the quote form keeps the request on the device and says so; back online it goes by itself, once",
    sends: true,
    url: "/kontakt",
    async run({ tab, site, expect, engine, sent }) {
      const email = `offline-${engine}@example.dk`;
      const kept = await sendOffline(tab, site, { email, location: "Ringsted" });
      expect(kept).toContain(KEPT);
      expect(await noticeSaying(tab, "Gemt til senere")).toContain(KEPT);
      expect(await tab.evaluate(() => localStorage.getItem("elektriker-kept"))).toBe("1");
      await tab.setOffline(false, site.apiUrl);
      await tab.waitForElement(["elektriker-notices", { css: ".notice", text: SENT_NOTICE }], { timeout: 60_000 });
      expect(mailFields(await mailTo(site, email))).toMatchObject({ Navn: PERSON.name, Hvor: "Ringsted" });
      // Deleted once sent.
      await tab.waitFor(() => localStorage.getItem("elektriker-kept") === null, [], { what: "the kept request to be deleted" });
      expect(await mailsAbout(site, email)).toHaveLength(1);
      sent.stored.push({ email, row: { name: PERSON.name, location: "Ringsted", source_url: `${site.base}/kontakt` } });
      return offlineProblems(site);
    },
  },
  {
    name: "a request kept offline goes by itself from another page of the site after the tab was closed, once",
    sends: true,
    url: "/kontakt",
    async run({ tab, site, expect, engine, sent }) {
      const email = `lukket-${engine}@example.dk`;
      expect(await sendOffline(tab, site, { email, location: "Slagelse" })).toContain(KEPT);
      await tab.reopen(`${site.base}/om-os`);
      await tab.waitForElement(["elektriker-notices", { css: ".notice", text: SENT_NOTICE }], { timeout: 60_000 });
      expect(mailFields(await mailTo(site, email))).toMatchObject({ Hvor: "Slagelse", Side: `${site.base}/kontakt` });
      await tab.waitFor(() => localStorage.getItem("elektriker-kept") === null, [], { what: "the kept request to be deleted" });
      expect(await mailsAbout(site, email)).toHaveLength(1);
      sent.stored.push({ email, row: { location: "Slagelse", source_url: `${site.base}/kontakt` } });
      return offlineProblems(site);
    },
  },
  {
    // The quote form's journeys above take both ways back (the same tab online again, another page after
    // the tab was closed); the call-back takes the second, the one a visitor on a train is likelier to take.
    name: "offline, the call-back form keeps the request on the device and says so; it goes by itself from another page after the tab was closed, once",
    sends: true,
    url: "/kontakt",
    async run({ tab, site, expect, engine, sent }) {
      const phone = callbackPhone(engine, 41);
      await fillCallback(tab, { name: "Karen Offline", phone });
      await tab.setOffline(true, site.apiUrl);
      await tab.click(SEND_CALLBACK);
      const kept = await tab.waitFor(() => document.getElementById("callback-form-kept")?.textContent, [], {
        what: "the kept message",
        timeout: 45_000,
      });
      expect(kept).toContain(KEPT);
      expect(await tab.evaluate(() => localStorage.getItem("elektriker-kept"))).toBe("1");
      await tab.reopen(`${site.base}/omraader/koge`);
      await tab.waitForElement(["elektriker-notices", { css: ".notice", text: SENT_NOTICE }], { timeout: 60_000 });
      expect((await callbackMail(site, phone)).subject).toBe(`Ring op: Karen Offline, ${phone}`);
      await tab.waitFor(() => localStorage.getItem("elektriker-kept") === null, [], { what: "the kept request to be deleted" });
      expect((await site.mails()).filter((/** @type {any} */ mail) => mail.subject?.includes(phone))).toHaveLength(1);
      sent.callbacks.push({ phone, row: { name: "Karen Offline", kind: "callback", source_url: `${site.base}/kontakt` } });
      return offlineProblems(site);
    },
  },
  {
    name: "offline, the partner embed holds the request in the page, stores nothing on the partner's origin, and sends on reconnect",
    sends: true,
    partner: true,
    async run({ tab, site, partnerOrigin, expect, engine, sent }) {
      const host = ["elektriker-tilbud"];
      await tab.waitForElement("elektriker-tilbud[ready]");
      const email = `partner-offline-${engine}@example.dk`;
      for (const [name, text] of Object.entries({ name: PERSON.name, phone: PERSON.phone, email, message: PERSON.message }))
        await tab.type([...host, `[name="${name}"]`], text);
      await tab.setOffline(true, site.apiUrl);
      await tab.click([...host, SEND]);
      const kept = await tab.waitFor(
        () => document.querySelector("elektriker-tilbud")?.shadowRoot?.querySelector('[id$="-kept"]')?.textContent,
        [],
        {
          what: "the kept message",
          timeout: 45_000,
        },
      );
      expect(kept).toContain("Vi har gemt din forespørgsel her på siden og sender den af sig selv, så snart du er online igen.");
      const stored = () =>
        tab.evaluate(async () => [
          localStorage.length,
          sessionStorage.length,
          // Firefox ESR and WebKit list the databases too; none may exist.
          indexedDB.databases ? (await indexedDB.databases()).length : 0,
          document.cookie,
        ]);
      expect(await stored()).toEqual([0, 0, 0, ""]);
      await tab.setOffline(false, site.apiUrl);
      await tab.waitForElement(["elektriker-tilbud-notices", { css: ".notice", text: SENT_NOTICE }], { timeout: 60_000 });
      const mail = mailFields(await mailTo(site, email));
      expect(mail).toMatchObject({ Hvor: "Køge", Side: `${partnerOrigin}/`, Partner: "byportalen" });
      expect(await mailsAbout(site, email)).toHaveLength(1);
      expect(await stored()).toEqual([0, 0, 0, ""]);
      sent.stored.push({ email, row: { partner_id: "byportalen", location: "Køge" } });
      return offlineProblems(site);
    },
  },
];
