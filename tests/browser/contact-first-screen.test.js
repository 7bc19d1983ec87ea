// The contact page on a phone: a visitor who came to write to the firm sees the form's first field on the
// first screen, above the phones' action bar, without scrolling (it once started about 1 550 px down,
// under the ways to reach us and what happens next).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../dev/chromium.js";
import { startSite } from "../support/server.js";

/** A common phone's screen: the width the layout tests use and a phone's height. */
const PHONE = { width: 390, height: 844 };
let site;
let browser;

beforeAll(async () => {
  site = await startSite();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("/kontakt on a phone", () => {
  it(`shows the quote form's first field on the first screen (${PHONE.width} × ${PHONE.height}), above the action bar`, async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${site.base}/kontakt`, { waitUntil: "load" });
    const seen = await page.evaluate(() => {
      const shown = (/** @type {Element} */ element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 1 && rect.height > 1 && getComputedStyle(element).visibility !== "hidden";
      };
      // The first field a visitor fills in (the spam trap is hidden from people, so it is not "shown").
      const field = [...document.querySelectorAll("main form input, main form textarea")].find(
        (element) => element.getAttribute("type") !== "hidden" && shown(element),
      );
      const bar = document.querySelector(".action-bar");
      return {
        field: field && {
          name: field.getAttribute("name"),
          top: field.getBoundingClientRect().top,
          bottom: field.getBoundingClientRect().bottom,
        },
        barTop: bar && shown(bar) ? bar.getBoundingClientRect().top : window.innerHeight,
        screen: window.innerHeight,
      };
    });
    await page.close();
    expect(seen.field, "a quote form field on /kontakt").toBeTruthy();
    expect(seen.field.top, `${seen.field.name} starts at ${Math.round(seen.field.top)} px`).toBeLessThan(seen.screen);
    expect(
      seen.field.bottom,
      `${seen.field.name} ends at ${Math.round(seen.field.bottom)} px, the action bar starts at ${seen.barTop}`,
    ).toBeLessThanOrEqual(seen.barTop);
  });
});
