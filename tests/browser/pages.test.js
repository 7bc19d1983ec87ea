// Every page in Debian's Chromium, served by the production-like static server: status codes, axe-core,
// the Content-Security-Policy, and navigation that works before (and without) any JavaScript.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, scrollThrough } from "../../dev/chromium.js";
import { axeViolations, recordCsp, recordProblems, visit as visitUrl } from "../support/browser.js";
import { pagePool } from "../support/page-pool.js";
import { ALL_PAGES, business } from "../support/site.js";
import { startSite } from "../support/server.js";

let site;
let browser;
/** @type {ReturnType<typeof pagePool>} */
let pages;

beforeAll(async () => {
  site = await startSite();
  browser = await launchChromium();
  pages = pagePool(browser, { setup: recordCsp });
});
afterAll(async () => {
  await pages?.close();
  await browser?.close();
  await site?.stop();
});

const visit = (path, options) => visitUrl(browser, site.base + path, options);

describe("every page in Chromium", () => {
  // Several pages at once (tests/support/page-pool.js): what each asserts follows from the order of events
  // in its own page (its modules start after its first paint), not from how fast they come.
  for (const route of ALL_PAGES) {
    it.concurrent(`${route} answers 200, passes axe and its CSP, sets no cookie and asks no other host`, async ({ expect }) => {
      await pages.lend({ width: 1280, height: 720 }, async (page) => {
        const { problems, stop } = recordProblems(page);
        // The firm's own function, the one other address a page may ask (the booking page asks it for the
        // free times as it starts), answers as it does when no time is free.
        const FUNCTIONS = `${business.backend.url}/functions/v1/`;
        await page.route(`${FUNCTIONS}**`, (route) =>
          route.fulfill({ headers: { "Access-Control-Allow-Origin": "*" }, contentType: "application/json", body: '{"slots":[]}' }),
        );
        // A navigation to a new document always has a response (goto gives null only within the same document).
        const response = /** @type {import("playwright-core").Response} */ (await page.goto(site.base + route, { waitUntil: "load" }));
        expect(response.status()).toBe(200);
        expect(response.headers()["content-security-policy"]).toBe("frame-ancestors 'none'");
        expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content")).toContain("default-src 'none'");
        // Before the first paint the page asks for nothing but itself and its pictures (the favicon is in
        // the document): every module the loader fetches starts after the first contentful paint.
        const modules = await page.locator("script[data-modules]").getAttribute("data-modules");
        const timings = () =>
          page.evaluate(() => ({
            paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
            scripts: performance
              .getEntriesByType("resource")
              .map((entry) => /** @type {PerformanceResourceTiming} */ (entry))
              .filter((entry) => entry.initiatorType === "script" || /\.js$/.test(entry.name))
              .map((entry) => ({ url: new URL(entry.name).pathname, startTime: entry.startTime })),
          }));
        await expect.poll(async () => (await timings()).scripts.length).toBeGreaterThanOrEqual(modules.split(" ").length);
        const { paint, scripts } = await timings();
        expect(scripts.filter((script) => !(script.startTime >= paint))).toEqual([]);
        expect(problems.requests.filter((url) => /^\/assets\/.*\.svg$|\.ico$/.test(new URL(url).pathname))).toEqual([]);
        // Scroll through so lazy images load too, under the same policy.
        await scrollThrough(page);
        expect(await axeViolations(page)).toEqual([]);
        expect(await page.evaluate(() => window.__csp)).toEqual([]);
        expect(problems.console).toEqual([]);
        expect(problems.failed).toEqual([]);
        // No cookies and nothing from any other host (fonts, analytics, images): no consent banner needed.
        expect(await page.context().cookies()).toEqual([]);
        expect(await page.evaluate(() => document.cookie)).toBe("");
        expect(problems.requests.filter((url) => new URL(url).origin !== site.base && !url.startsWith(FUNCTIONS))).toEqual([]);
        const brokenImages = await page.evaluate(() =>
          [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
        );
        expect(brokenImages).toEqual([]);
        stop();
      });
    });
  }

  it("enforces each page's own policy: an inline script or style it does not list is refused", async () => {
    for (const route of ["/", "/omraader/koge"]) {
      const { context, page } = await visit(route);
      // An allowed inline script runs as it is inserted, and a style applies at the next style read.
      const ran = await page.evaluate(() => {
        window.__injected = false;
        const script = document.createElement("script");
        script.textContent = "window.__injected = true";
        document.body.append(script);
        const style = document.createElement("style");
        style.textContent = "body { letter-spacing: 7px }";
        document.head.append(style);
        return { script: window.__injected, letterSpacing: getComputedStyle(document.body).letterSpacing };
      });
      expect(ran, route).toEqual({ script: false, letterSpacing: "normal" });
      // The violation reports are events queued as tasks: wait for them, not for a time.
      await expect
        .poll(() => page.evaluate(() => window.__csp.map((violation) => violation.split(" ")[0]).sort()), { message: route })
        .toEqual(["script-src-elem", "style-src-elem"]);
      await context.close();
    }
  });

  // The headless shell would otherwise rest its pointer on each new page's top-left corner (dev/chromium.js),
  // and every test above would see islands woken by a visitor's mouse instead of the first paint.
  it("opens a page with no pointer over it, as on a phone or from the keyboard, until the test moves one", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__pointer = [];
      addEventListener("pointerover", (event) => window.__pointer.push(`${event.clientX},${event.clientY}`), true);
    });
    await page.goto(`${site.base}/`, { waitUntil: "load" });
    // The islands are defined once the loader has run after the first paint: a pointer at load came before.
    await page.waitForFunction(() => document.querySelectorAll(":not(:defined)").length === 0);
    expect(await page.evaluate(() => ({ pointer: window.__pointer, hovered: document.querySelectorAll(":hover").length }))).toEqual({
      pointer: [],
      hovered: 0,
    });
    await page.mouse.move(10, 10);
    await expect.poll(() => page.evaluate(() => window.__pointer)).toEqual(["10,10"]);
    await context.close();
  });

  it("answers an unknown path with 404, the not-found page, and logs the path", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const logged = [];
    page.on("console", (message) => logged.push(message.text()));
    const response = await page.goto(`${site.base}/no/such/page`);
    expect(response.status()).toBe(404);
    await expect.poll(() => logged.join("\n")).toContain("/no/such/page");
    expect(await page.locator("h1").textContent()).toBe("Oops! Page not found");
    expect(await page.locator("main").textContent()).toContain("404");
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('main a[href="/"]').click();
    await page.waitForURL(`${site.base}/`);
    await context.close();
  });
});

describe("navigation without JavaScript", () => {
  it("opens the mobile menu on a phone and follows a link", async () => {
    const { context, page } = await visit("/", { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await expect(page.locator('nav[aria-label="Hovedmenu"]').isVisible()).resolves.toBe(false);
    const panel = page.locator('nav[aria-label="Mobilmenu"]');
    await expect(panel.isVisible()).resolves.toBe(false);
    await page.locator(".mobile-menu summary").click();
    await expect(panel.isVisible()).resolves.toBe(true);
    await panel.getByRole("link", { name: "Energioptimering" }).click();
    await page.waitForURL(`${site.base}/ydelser/energioptimering`);
    await context.close();
  });

  // The open menu once left the page under it as it was: the hero's button showed below the panel.
  it("dims the page under the open phone menu, and a tap there closes the menu", async () => {
    const { context, page } = await visit("/", { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await page.locator(".mobile-menu summary").click();
    const panel = await page.locator(".mobile-panel").boundingBox();
    const below = { x: 195, y: Math.min(830, (panel?.y ?? 0) + (panel?.height ?? 0) + 40) };
    expect(below.y).toBeGreaterThan((panel?.y ?? 0) + (panel?.height ?? 0));
    // What a tap below the panel lands on: the menu's own backdrop, drawn over the page and dimming it.
    const hit = await page.evaluate(({ x, y }) => {
      const element = document.elementFromPoint(x, y);
      return {
        summary: element?.matches(".mobile-menu summary") ?? false,
        shade: getComputedStyle(element ?? document.body, "::after").backgroundColor,
      };
    }, below);
    expect(hit.summary).toBe(true);
    expect(hit.shade).not.toBe("rgba(0, 0, 0, 0)");
    await page.mouse.click(below.x, below.y);
    await expect.poll(() => page.locator(".mobile-menu").getAttribute("open")).toBeNull();
    await context.close();
  });

  it("shows the Ydelser dropdown on hover and on keyboard focus on a desktop", async () => {
    const { context, page } = await visit("/", { viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    const item = page.locator('nav[aria-label="Hovedmenu"] .nav-panel a[href="/ydelser/private"]');
    await expect(item.isVisible()).resolves.toBe(false);
    await page.locator('nav[aria-label="Hovedmenu"] a[href="/ydelser"]').hover();
    await expect.poll(() => item.isVisible()).toBe(true);
    await page.mouse.move(5, 600);
    await expect.poll(() => item.isVisible()).toBe(false);
    await page.locator('nav[aria-label="Hovedmenu"] a[href="/ydelser"]').focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("/ydelser/private");
    await expect(item.isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("keeps an empty quote form from being sent, with the browser's own checks", async () => {
    const { context, page } = await visit("/kontakt", { javaScriptEnabled: false });
    const form = page.locator("#contact form");
    expect(await form.evaluate((element) => element.checkValidity())).toBe(false);
    await form.locator('[name="name"]').fill("Jens Hansen");
    await form.locator('[name="phone"]').fill("12345678");
    await form.locator('[name="email"]').fill("jens@example.com");
    await form.locator('[name="location"]').fill("Køge");
    await form.locator('[name="message"]').fill("Ny eltavle i villa fra 1972.");
    expect(await form.evaluate((element) => element.checkValidity())).toBe(true);
    expect(await form.getAttribute("action")).toBe(
      `${business.backend.url}/functions/v1/send-contact-email?forceFunctionRegion=${business.processors.database.hostRegion}`,
    );
    await context.close();
  });
});
