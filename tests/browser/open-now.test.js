// The "Åben nu" line (widgets/open-now/) replaces the phone hours in a box of fixed size after the first
// paint, and again each minute: whatever state it says, in the header (from 768 px), in the phones'
// action bar (below 640 px, on every page's first screen) and in the contact block of /kontakt (every
// width), the line fits its box, and nothing on the page moves. Every text the computation can give is
// tried: the firm's hours over four weeks, with a closed fortnight and a closed month among them (the
// longest texts: "… åbner 30.12. kl. 8", and the closed state alone); the phone hours as the static page
// says them are tried too.
import { parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../dev/chromium.js";
import { openNow, phoneHoursFrom } from "../../widgets/open-now/open-now.ts";
import { startSite } from "../support/server.js";
import { ALL_PAGES, business } from "../support/site.js";

/** Every text the line can say with these hours, from `start` over `days` days in steps of half an hour. */
function textsOver(/** @type {import("../../widgets/open-now/open-now.ts").PhoneHours} */ hours, start = "2026-12-14", days = 28) {
  const texts = new Set();
  for (let at = Date.parse(`${start}T00:00:00Z`), end = at + days * 86_400_000; at < end; at += 1_800_000)
    texts.add(openNow(hours, new Date(at)).text);
  return texts;
}
/** `count` days from `from`, 'YYYY-MM-DD'. */
const daysFrom = (/** @type {string} */ from, /** @type {number} */ count) =>
  Array.from({ length: count }, (_, offset) => new Date(Date.parse(`${from}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10));

const hours = phoneHoursFrom(business);
/** Outside the hours: where a døgnvagt answers the number, it says so, never 'Lukket nu' (business.yaml's hours.emergency). */
const CLOSED = business.hours.emergency ? "Døgnvagt nu" : "Lukket nu";
const TEXTS = [
  ...new Set([
    ...textsOver(hours),
    // Closed a fortnight over Christmas: opening more than a week away says the date.
    ...textsOver({ ...hours, closedDays: [...hours.closedDays, ...daysFrom("2026-12-21", 14)] }),
    // Closed longer than the computation looks ahead.
    ...textsOver({ ...hours, closedDays: [...hours.closedDays, ...daysFrom("2026-12-14", 40)] }, "2026-12-14", 7),
  ]),
];
/** Where the line stands, and the widths at which it shows there. */
const PLACES = [
  { route: "/", box: "header open-now", widths: [768, 1024, 1280] },
  { route: "/", box: ".action-bar open-now", widths: [360, 375, 390] },
  { route: "/kontakt", box: "main open-now", widths: [360, 390, 768, 1280] },
];

let site;
/** @type {import("playwright-core").Browser} */
let browser;
beforeAll(async () => {
  site = await startSite();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("the 'Åben nu' line", () => {
  it("can say every state: open, opening later today, tomorrow, on a weekday, on a date, and closed", () => {
    const kinds = [
      /^Åben nu · til kl\. \d/,
      new RegExp(`^${CLOSED} · åbner kl\\.`),
      /åbner i morgen/,
      /åbner [a-zø]+dag kl\./,
      /åbner \d+\.\d+\. kl\./,
      new RegExp(`^${CLOSED}$`),
    ];
    // A firm with a døgnvagt never says 'Lukket' beside it.
    if (business.hours.emergency) expect(TEXTS.filter((text) => text.includes("Lukket"))).toEqual([]);
    for (const kind of kinds)
      expect(
        TEXTS.some((text) => kind.test(text)),
        String(kind),
      ).toBe(true);
  });

  // At 390 px the line was hidden (the header holds it from 768 px): a phone met it first 10,000 px down.
  it("stands on a phone's first screen (390 × 844) on every page, above the action bar's buttons", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const missing = [];
      for (const route of ALL_PAGES) {
        await page.goto(`${site.base}${route}`, { waitUntil: "load" });
        const seen = await page.evaluate(() =>
          [...document.querySelectorAll("open-now")].some((line) => {
            const box = line.getBoundingClientRect();
            return (
              line.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
              box.width > 0 &&
              box.top >= 0 &&
              box.bottom <= innerHeight
            );
          }),
        );
        if (!seen) missing.push(route);
      }
      expect(missing).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const { route, box, widths } of PLACES)
    for (const width of widths)
      it(`fits its box on ${route} at ${width} px whatever it says, and moves nothing`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        try {
          const page = await context.newPage();
          await page.addInitScript(() => {
            /** @type {number[]} */
            const shifts = [];
            Object.assign(window, { __lineShifts: shifts });
            new PerformanceObserver((list) => shifts.push(...list.getEntries().map((entry) => /** @type {any} */ (entry).value))).observe({
              type: "layout-shift",
              buffered: true,
            });
          });
          // What the static page says, before its script runs (and what a visitor without JavaScript sees).
          const staticText = parse(await (await fetch(`${site.base}${route}`)).text()).querySelector(box)?.textContent ?? "";
          expect(staticText).toMatch(/kl\. \d/);
          await page.goto(`${site.base}${route}`, { waitUntil: "load" });
          // The page's own script has written this minute's state into every line.
          await page.waitForFunction(() =>
            [...document.querySelectorAll("open-now")].every((line) => line.matches(".is-open, .is-closed")),
          );
          const results = await page.evaluate(
            ({ selector, texts }) => {
              const line = /** @type {HTMLElement} */ (document.querySelector(selector));
              const everything = [...document.body.querySelectorAll("*")].filter((element) => element !== line);
              const layout = () => everything.map((element) => JSON.stringify(element.getBoundingClientRect())).join();
              const shifts = /** @type {number[]} */ (/** @type {any} */ (window).__lineShifts);
              const before = { layout: layout(), box: JSON.stringify(line.getBoundingClientRect()), shifts: shifts.length };
              return texts.map((text) => {
                line.textContent = text;
                return {
                  text,
                  visible: line.getBoundingClientRect().width > 0,
                  fits: line.scrollWidth <= line.clientWidth,
                  boxKept: JSON.stringify(line.getBoundingClientRect()) === before.box,
                  restKept: layout() === before.layout,
                  shifts: shifts.length - before.shifts,
                };
              });
            },
            { selector: box, texts: [staticText, ...TEXTS] },
          );
          for (const result of results) {
            expect(result.visible, result.text).toBe(true);
            expect(result, result.text).toMatchObject({ fits: true, boxKept: true, restKept: true });
          }
          // Shifts are reported after the frame: one more, then none may have been counted.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          expect(
            await page.evaluate(() => /** @type {number[]} */ (/** @type {any} */ (window).__lineShifts).filter((value) => value > 0)),
          ).toEqual([]);
        } finally {
          await context.close();
        }
      });
});
