// Each page is drawn from the CSS its own markup uses (site/_lib/first-paint-css.js); the whole stylesheet
// follows after the first paint. Nothing may change when it arrives: every element of every page, and its
// ::before, ::after and ::marker, has the same computed style (every property but the custom ones, whose
// effect shows in the others) and the same box before and after, at a phone's and a desktop's width, with
// the islands hydrated as a visitor gets them, before the function answers (an island that draws what
// the build did not render, the booking page's times, waits for the whole stylesheet: checked below).
import { afterAll, beforeAll, describe, it } from "vitest";
import { launchChromium } from "../../dev/chromium.js";
import { pagePool } from "../support/page-pool.js";
import { ALL_PAGES, business } from "../support/site.js";
import { startSite } from "../support/server.js";

const WIDTHS = [390, 1280];
/** A Monday, 10.30 in Copenhagen. */
const IN_PHONE_HOURS = new Date("2026-03-30T08:30:00Z");
let site;
let browser;
/** @type {ReturnType<typeof pagePool>} */
let pages;

beforeAll(async () => {
  site = await startSite();
  browser = await launchChromium();
  // In the phone hours, every time: the "Åben nu" line then carries the one state a script sets at load
  // that has a style of its own (open-now.is-open), which the check once met only when run in those hours.
  // Only the date is set (Playwright's clock stops the page's loader, which times the first paint).
  pages = pagePool(browser, {
    setup: (page) =>
      page.addInitScript((now) => {
        const RealDate = Date;
        /** @type {any} */ (globalThis).Date = class extends RealDate {
          constructor(/** @type {any} */ ...args) {
            // @ts-expect-error: Date's overloads, passed on as given
            super(...(args.length ? args : [now]));
          }
          static now() {
            return now;
          }
        };
      }, IN_PHONE_HOURS.getTime()),
  });
});
afterAll(async () => {
  await pages?.close();
  await browser?.close();
  await site?.stop();
});

/** Keeps every element's computed style and box in `window.__drawn`, or names the differences from it (at most 20). */
function drawnState(compare) {
  const PSEUDOS = ["", "::before", "::after", "::marker"];
  const name = (element) =>
    `<${element.localName}${element.id ? `#${element.id}` : ""}${element.classList.length ? `.${[...element.classList].slice(0, 3).join(".")}` : ""}>`;
  // Every computed style lists the same properties, then the element's custom ones: read the names once,
  // since indexing the live style for each of them costs twice as much as the values themselves.
  const root = getComputedStyle(document.documentElement);
  const PROPERTIES = Array.from({ length: root.length }, (_, index) => root[index]).filter((property) => !property.startsWith("--"));
  const state = [];
  for (const element of document.querySelectorAll("*")) {
    const box = element.getBoundingClientRect();
    const entry = { name: name(element), box: `${box.x},${box.y},${box.width},${box.height}`, styles: {} };
    for (const pseudo of PSEUDOS) {
      const style = getComputedStyle(element, pseudo);
      // A ::before or ::after with no content, or a ::marker off a list item, is not drawn: its content
      // (or display) is all that can change.
      const drawn = pseudo === "::marker" ? getComputedStyle(element).display === "list-item" : !pseudo || style.content !== "none";
      if (!drawn) {
        entry.styles[pseudo] = { content: style.content, display: getComputedStyle(element).display };
        continue;
      }
      const values = {};
      for (const property of PROPERTIES) values[property] = style.getPropertyValue(property);
      entry.styles[pseudo] = values;
    }
    state.push(entry);
  }
  if (!compare) {
    window.__drawn = state;
    return [];
  }
  const before = window.__drawn;
  const differences = [];
  if (before.length !== state.length) differences.push(`${before.length} elements before, ${state.length} after`);
  for (let index = 0; index < Math.min(before.length, state.length) && differences.length < 20; index++) {
    const [was, is] = [before[index], state[index]];
    if (was.box !== is.box) differences.push(`${is.name} box ${was.box} -> ${is.box}`);
    for (const pseudo of PSEUDOS)
      for (const [property, value] of Object.entries(is.styles[pseudo]))
        if (was.styles[pseudo][property] !== value)
          differences.push(`${is.name}${pseudo} ${property}: ${was.styles[pseudo][property]} -> ${value}`);
  }
  return differences.slice(0, 20);
}

// Each test has its own page (tests/support/page-pool.js) and holds back its own stylesheet until it has
// read the page, so what it reads does not depend on how fast the others run: several share the browser
// at once, which keeps both cores busy while one of them waits for a page.
describe("the first paint's CSS draws every page as the whole stylesheet does", { concurrent: true }, () => {
  for (const width of WIDTHS) {
    for (const route of [...ALL_PAGES, "/findes-ikke"]) {
      it(`${route} at ${width} px`, async ({ expect }) => {
        const differences = await pages.lend({ width, height: 900 }, async (page) => {
          // The whole stylesheet is held back until the page, its islands hydrated, has been read.
          /** @type {(value?: unknown) => void} */
          let release = () => {};
          const released = new Promise((resolve) => {
            release = resolve;
          });
          let requested = false;
          // The function answers nothing until the page has been compared: what it shows before is.
          /** @type {(value?: unknown) => void} */
          let compared = () => {};
          const answerLater = new Promise((resolve) => {
            compared = resolve;
          });
          await page.route(`${business.backend.url}/**`, async (route) => {
            await answerLater;
            await route.abort();
          });
          await page.route(/\/assets\/site\.[0-9a-f]{10}\.css$/, async (route) => {
            requested = true;
            await released;
            await route.continue();
          });
          await page.goto(site.base + route, { waitUntil: "load" });
          const modules = (await page.locator("script[data-modules]").getAttribute("data-modules")).split(" ");
          await expect
            .poll(() =>
              page.evaluate(
                (urls) => urls.every((url) => performance.getEntriesByName(new URL(url, location.href).href).length > 0),
                modules,
              ),
            )
            .toBe(true);
          // The every-page script has written every "Åben nu" line (each in a task after the element is
          // defined): its state's class, drawn before and after the whole stylesheet alike.
          await page.waitForFunction(() =>
            [...document.querySelectorAll("open-now")].every((line) => line.matches(".is-open, .is-closed")),
          );
          // Two frames: the modules have run and hydrated what they found.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          expect(requested, "the loader asks for the whole stylesheet after the first paint").toBe(true);
          await page.evaluate(drawnState, false);
          release();
          await page.waitForFunction(() =>
            [...document.querySelectorAll('link[rel="stylesheet"]')].every((link) => /** @type {HTMLLinkElement} */ (link).sheet),
          );
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const found = await page.evaluate(drawnState, true);
          compared();
          return found;
        });
        expect(differences).toEqual([]);
      });
    }
  }

  it("/besigtigelse draws the free times and the fields only once the whole stylesheet is here, however soon they come", async ({
    expect,
  }) => {
    const slots = [{ start: "2030-01-14T08:00:00Z", end: "2030-01-14T09:00:00Z" }];
    const drawn = await pages.lend({ width: 390, height: 900 }, async (page) => {
      await page.route(`${business.backend.url}/**`, (route) =>
        route.fulfill({
          headers: { "Access-Control-Allow-Origin": "*" },
          contentType: "application/json",
          body: JSON.stringify({ slots }),
        }),
      );
      /** @type {(value?: unknown) => void} */
      let release = () => {};
      const released = new Promise((resolve) => {
        release = resolve;
      });
      const asked = new Promise((resolve) =>
        page.route(/\/assets\/site\.[0-9a-f]{10}\.css$/, async (route) => {
          resolve(undefined);
          await released;
          await route.continue();
        }),
      );
      const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.has("slots"));
      await page.goto(`${site.base}/besigtigelse`, { waitUntil: "load" });
      await Promise.all([asked, answered]);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const before = await page.evaluate(() => [
        !!document.querySelector(".booking-placeholder"),
        !!document.querySelector("[name=start]"),
      ]);
      release();
      await page.locator("[name=start]").first().waitFor({ state: "attached" });
      return { before };
    });
    // The times had come: still the box, then the times.
    expect(drawn.before).toEqual([true, false]);
  });
});
