// Every page laid out in Chromium at a phone's and a desktop's width (things that make a visitor
// doubt the firm): no empty or squeezed icon, nothing sticking out sideways except a labelled, focusable
// scroll region, no column wider than its grid, no lone card on the last row of a multi-column grid, no
// column left mostly empty beside a tall one, and no phone number, time, distance or e-mail address broken
// over two lines (an address may break after its "@").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../dev/chromium.js";
import { pagePool } from "../support/page-pool.js";
import { ALL_PAGES, business } from "../support/site.js";
import { loadData } from "../../site/_lib/load-data.js";
import { startSite } from "../support/server.js";

/** The narrowest phones in common use (most Android phones are 360 px wide; an FAQ answer broke '2–4 timer'
 * at an iPhone mini's 375 once), a common one, a desktop. */
const WIDTHS = [360, 390, 1280];
let site;
let browser;
/** @type {ReturnType<typeof pagePool>} */
let pages;

beforeAll(async () => {
  site = await startSite();
  browser = await launchChromium();
  pages = pagePool(browser);
});
afterAll(async () => {
  await pages?.close();
  await browser?.close();
  await site?.stop();
});

/** What is wrong with the layout of the page open in `page`, as short strings (empty when nothing is). */
function layoutProblems({ phone, email }) {
  const problems = [];
  const viewport = document.documentElement.clientWidth;
  const describe = (element) =>
    `<${element.localName}${element.id ? `#${element.id}` : ""}${element.classList.length ? `.${[...element.classList].slice(0, 3).join(".")}` : ""}> "${element.textContent.trim().replace(/\s+/g, " ").slice(0, 40)}"`;
  const visible = (element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true });

  // Empty icons: an <svg> with no shape inside, or one whose shapes have no size.
  for (const svg of document.querySelectorAll("svg")) {
    const shapes = svg.querySelectorAll("path, circle, rect, line, polyline, polygon, ellipse, use, text");
    const box = visible(svg) ? svg.getBBox() : null;
    if (shapes.length === 0 || (box && box.width === 0 && box.height === 0)) problems.push(`empty icon ${describe(svg.parentElement)}`);
  }

  // A squeezed icon box: a card's icon tile is square at every width (beside a long line on a 360 px phone,
  // /kontakt's address tile once gave up 5 px of its width to the text).
  for (const tile of document.querySelectorAll(".card-icon")) {
    const box = tile.getBoundingClientRect();
    if (visible(tile) && Math.abs(box.width - box.height) > 0.5) problems.push(`a squeezed icon tile ${describe(tile.parentElement)}`);
  }

  // Horizontal overflow: the page scrolls sideways, or an element reaches past the viewport without a
  // clipping ancestor inside it. A scroll container may overflow only when it is a labelled, focusable region.
  if (document.documentElement.scrollWidth > viewport) problems.push(`page is ${document.documentElement.scrollWidth} px wide`);
  for (const element of document.body.querySelectorAll("*")) {
    if (!visible(element)) continue;
    const rect = element.getBoundingClientRect();
    // Zero-size and visually hidden (1 px, clipped: .sr-only) elements take no room on screen.
    if (rect.width <= 1 || rect.height <= 1 || (rect.right <= viewport + 0.5 && rect.left >= -0.5)) continue;
    let clip = element.parentElement;
    while (clip && getComputedStyle(clip).overflowX === "visible") clip = clip.parentElement;
    if (!clip || clip === document.body || clip === document.documentElement) {
      problems.push(`overflows the viewport ${describe(element)}`);
      continue;
    }
    const clipRect = clip.getBoundingClientRect();
    if (clipRect.right > viewport + 0.5 || clipRect.left < -0.5) continue; // reported for the ancestor itself
    const scrolls = ["auto", "scroll"].includes(getComputedStyle(clip).overflowX);
    if (
      scrolls &&
      !(
        clip.tabIndex >= 0 &&
        clip.getAttribute("role") === "region" &&
        (clip.getAttribute("aria-label") || clip.getAttribute("aria-labelledby"))
      )
    ) {
      problems.push(`scrolls sideways without a labelled, focusable region ${describe(clip)}`);
    }
  }

  // A column as wide as its content: an item wider than its grid's content box pushes past the page's
  // margin (on /kontakt at 360 px the firm's e-mail address widened the quote form's column by 9 px, and
  // the form moved sideways and up as the list holding the address arrived after the first paint).
  for (const grid of document.querySelectorAll("body *")) {
    const style = getComputedStyle(grid);
    if (!style.display.endsWith("grid") || !visible(grid)) continue;
    const inner = grid.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    for (const item of [...grid.children].filter(visible))
      if (item.getBoundingClientRect().width > inner + 0.5) problems.push(`wider than its grid ${describe(item)}`);
  }

  // A table fills the bordered box around it (its header band once stopped half-way on /ydelser/private).
  for (const table of document.querySelectorAll("main table")) {
    const box = (getComputedStyle(table).display === "table" && table.parentElement) || table; // a table styled as a block is its own box
    const band = table.querySelector("tr")?.getBoundingClientRect().width ?? 0;
    if (visible(table) && band < box.clientWidth - 1) problems.push(`table narrower than its box ${describe(box)}`);
  }

  // A lone card: the last row of a grid with two or more columns holds one item that spans one column.
  for (const grid of document.querySelectorAll("*")) {
    const style = getComputedStyle(grid);
    if (!style.display.endsWith("grid") || !visible(grid)) continue;
    const columns = style.gridTemplateColumns.split(" ").length;
    const items = [...grid.children].filter(visible);
    if (columns < 2 || items.length < 2) continue;
    // The last row: the lowest-starting item and every item beside it (vertically overlapping it).
    const boxes = items.map((item) => item.getBoundingClientRect());
    const last = boxes.reduce((lowest, box) => (box.top > lowest.top ? box : lowest));
    const lastRow = items.filter((_item, index) => boxes[index].top <= last.bottom && boxes[index].bottom >= last.top);
    const gridWidth = grid.getBoundingClientRect().width;
    if (lastRow.length === 1 && lastRow[0].getBoundingClientRect().width < gridWidth * 0.75)
      problems.push(`lone card in a ${columns}-column grid ${describe(lastRow[0])}`);
  }

  // An empty column: in a row of a multi-column grid, one item's content ends (or starts) far from the
  // tallest item's, leaving a band of nothing beside it (400 px of navy beside the home page's form once,
  // two lines of neighbouring towns beside a tall FAQ). Measured on the content, not the stretched box:
  // the band above it and the band below it, each on its own (a column centred beside a tall one has two
  // smaller bands, not one).
  for (const grid of document.querySelectorAll("main *")) {
    const style = getComputedStyle(grid);
    if (!style.display.endsWith("grid") || !visible(grid) || style.gridTemplateColumns.split(" ").length < 2) continue;
    const items = [...grid.children].filter(visible).map((item) => {
      const range = document.createRange();
      range.selectNodeContents(item);
      const box = item.getBoundingClientRect();
      const measured = range.getBoundingClientRect();
      const content = measured.height ? measured : box;
      return { item, box, top: content.top, bottom: content.bottom, height: content.height };
    });
    for (const { item, box, top, bottom, height } of items) {
      const beside = items.filter((other) => other.box.top < box.bottom && other.box.bottom > box.top && other.box.left !== box.left);
      if (beside.length === 0) continue;
      const tallest = beside.reduce((a, b) => (b.height > a.height ? b : a));
      const band = Math.max(top - tallest.top, tallest.bottom - bottom);
      if (band > 200 && height < tallest.height * 0.7)
        problems.push(`a band of ${Math.round(band)} px with nothing beside the column beside it ${describe(item)}`);
    }
  }

  // One left edge: every section's content starts where the header's does, but a block centred on purpose
  // (.text-center). An area page's FAQ once stood centred in a narrow column while every other section
  // was left-aligned; the long-read pages' text did the same under a left-aligned hero.
  const edge = (/** @type {Element} */ element) => element.getBoundingClientRect().left + parseFloat(getComputedStyle(element).paddingLeft);
  const pageEdge = edge(/** @type {Element} */ (document.querySelector("header .wrap")));
  for (const wrap of document.querySelectorAll("main .wrap")) {
    if (!visible(wrap) || wrap.closest(".text-center")) continue;
    if (Math.abs(edge(wrap) - pageEdge) > 1)
      problems.push(`a column ${Math.round(edge(wrap) - pageEdge)} px in from the page's left edge ${describe(wrap)}`);
  }

  // No empty band between two sections of one background: where they meet, only one of them pads the
  // seam (the home page once had about 190 px of grey between 'Om os' and 'Kontakt').
  const sections = [...document.querySelectorAll("main > .section, main > section")].filter(visible);
  for (let index = 1; index < sections.length; index++) {
    const [above, below] = [sections[index - 1], sections[index]].map((section) => getComputedStyle(section));
    const seam = parseFloat(above.paddingBottom) + parseFloat(below.paddingTop);
    if (
      above.backgroundColor === below.backgroundColor &&
      seam > Math.max(parseFloat(above.paddingTop), parseFloat(below.paddingBottom)) + 1
    )
      problems.push(`an empty band of ${Math.round(seam)} px between two sections of one background ${describe(sections[index])}`);
  }

  // Unbreakable text: the phone number, times (07.00–17.00), distances, percentages, the e-mail address
  // (but after its "@") and "døgnvagt 24/7" stay on one line.
  const [local, domain] = email.replaceAll(".", "\\.").split("@");
  const unbreakable = new RegExp(
    `${phone.replaceAll(" ", "\\s")}|\\d{1,2}[.:]\\d{2}\\s?[–-]\\s?\\d{1,2}[.:]\\d{2}|\\d+(,\\d+)?\\s(km|kW|%|timer)|${local}@|(?<=@|^)${domain}|\\be-mail|\\S+\\s24/7`,
    "g",
  );
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = /** @type {Text | null} */ (walker.nextNode()); node; node = /** @type {Text | null} */ (walker.nextNode())) {
    if (!node.parentElement || !visible(node.parentElement)) continue;
    for (const match of node.data.matchAll(unbreakable)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
      if (tops.size > 1) problems.push(`"${match[0]}" breaks over two lines in ${describe(node.parentElement)}`);
    }
  }
  return problems;
}

// Several pages at once (tests/support/page-pool.js): a static layout does not depend on how fast it came.
describe("every page laid out at 360, 390 and 1280 px", { concurrent: true }, () => {
  for (const width of WIDTHS) {
    for (const route of [...ALL_PAGES, "/no/such/page"]) {
      it(`${route} at ${width} px: no empty icon, no sideways overflow, no lone card, no empty column, no broken number`, async ({
        expect,
      }) => {
        const problems = await pages.lend({ width, height: 900 }, async (page) => {
          await page.goto(site.base + route, { waitUntil: "load" });
          return page.evaluate(layoutProblems, { phone: business.phone.display, email: business.email });
        });
        expect(problems).toEqual([]);
      });
    }
  }
});

describe("the home page's area chips", () => {
  for (const width of WIDTHS) {
    it(`are sorted by distance and all of one height at ${width} px`, async () => {
      const chips = await pages.lend({ width, height: 900 }, async (page) => {
        await page.goto(`${site.base}/`, { waitUntil: "load" });
        return page.$$eval("#omraader .area-chip", (links) =>
          links.map((link) => ({
            height: Math.round(link.getBoundingClientRect().height),
            km: Number(link.textContent.match(/(\d+) km/)[1]),
          })),
        );
      });
      expect(chips.length).toBeGreaterThan(1);
      expect(new Set(chips.map((chip) => chip.height)).size).toBe(1);
      expect(chips.map((chip) => chip.km)).toEqual(chips.map((chip) => chip.km).sort((a, b) => a - b));
    });
  }
});

// The contact page on a phone: a visitor who came to write to the firm sees the form's first field on the
// first screen, above the phones' action bar, without scrolling (it once started about 1 550 px down,
// under the ways to reach us and what happens next).
/** A common phone's screen: the width the layout tests use and a phone's height. */
const PHONE = { width: 390, height: 844 };
describe("/kontakt on a phone", () => {
  it(`shows the quote form's first field on the first screen (${PHONE.width} × ${PHONE.height}), above the action bar`, async () => {
    const seen = await pages.lend(PHONE, async (page) => {
      await page.goto(`${site.base}/kontakt`, { waitUntil: "load" });
      return page.evaluate(() => {
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
    });
    expect(seen.field, "a quote form field on /kontakt").toBeTruthy();
    expect(seen.field.top, `${seen.field.name} starts at ${Math.round(seen.field.top)} px`).toBeLessThan(seen.screen);
    expect(
      seen.field.bottom,
      `${seen.field.name} ends at ${Math.round(seen.field.bottom)} px, the action bar starts at ${seen.barTop}`,
    ).toBeLessThanOrEqual(seen.barTop);
  });
});

// Prices where the customer decides: on a phone the first price of /ydelser was 2,860 px down and of
// /ydelser/private 13,290 px down; the home page showed none.
describe("prices on a phone", () => {
  const services = loadData("services");
  const prices = loadData("prices");
  const withPrices = services.filter((service) => prices.items.some((item) => item.service === service.key)).map((service) => service.path);
  for (const route of ["/", "/ydelser", "/priser", ...withPrices])
    it(`${route} shows a price on its first two screens (${PHONE.width} × ${PHONE.height})`, async () => {
      const top = await pages.lend(PHONE, async (page) => {
        await page.goto(`${site.base}${route}`, { waitUntil: "load" });
        return page.evaluate(() => {
          const walker = document.createTreeWalker(/** @type {Node} */ (document.querySelector("main")), NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!/\d\s?kr\./.test(/** @type {Text} */ (node).data)) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const box = range.getBoundingClientRect();
            if (box.height > 0) return box.top + window.scrollY;
          }
          return Number.POSITIVE_INFINITY;
        });
      });
      expect(top, `the first price at ${Math.round(top)} px`).toBeLessThan(2 * PHONE.height);
    });
});
