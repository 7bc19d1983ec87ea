// One small interface over three engines, so each journey is written once (tests/browser/journeys.js):
// Chromium through playwright-core (CDP), Firefox ESR through puppeteer-core (WebDriver BiDi) and
// WebKitGTK's MiniBrowser through classic WebDriver (./webkit-webdriver.js). A tab opens a URL at a
// viewport size, with or without JavaScript, and offers what a visitor does (click, hover, type, press a
// key, move the mouse away), evaluation in the page, and what went wrong (console errors, uncaught
// errors, CSP violations, answers of 400 and above), losing and regaining the connection, and closing
// the tab to open another page of the same browser profile later. A target is a CSS selector, or { css, text } for
// the element with that text or aria-label, or an array of these, each step looking inside the previous
// element (its shadow root when it has one): ["elektriker-tilbud", { css: "button", text: "Send" }].
import { chromium } from "playwright-core";
import puppeteer from "puppeteer-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../dev/chromium.js";
import { FIREFOX_PATH } from "../../dev/browser-engines.js";
import { COLLECTOR_SCRIPT } from "./browser-collector.js";
import { startBrowserProxy } from "./browser-proxy.js";
import { startWebKitDriver } from "./webkit-webdriver.js";

/** @typedef {string | { css: string, text?: string }} TargetStep */
/** @typedef {TargetStep | TargetStep[]} Target an element, as the comment above describes */
/**
 * `clock`: the moment (an ISO string) the page's Date starts from, running on from there, set before
 * any of the page's scripts run.
 * @typedef {{ width?: number, height?: number, javaScript?: boolean, clock?: string }} OpenOptions
 */
/** @typedef {Awaited<ReturnType<typeof startBrowserProxy>>} BrowserProxy */

/** @typedef {PlaywrightTab | PuppeteerTab | WebDriverTab} BrowserTab a tab of any engine */

/** The host name of the partner's page: http://partner.test:PORT is not a secure context. */
export const PARTNER_HOST = "partner.test";

/** In the page: the element a target names, or null. */
const RESOLVE = `(target) => {
  let element = null;
  for (const step of [].concat(target)) {
    const root = (element && element.shadowRoot) || element || document;
    const [css, text] = typeof step === "string" ? [step, null] : [step.css, step.text];
    const named = (candidate) => text === null || candidate.textContent.includes(text) || candidate.getAttribute("aria-label") === text;
    element = [...root.querySelectorAll(css)].find(named) ?? null;
    if (!element) return null;
  }
  return element;
}`;
/** In the page: scrolls the element to the middle of the viewport and returns its centre. */
const CENTRE = `(element) => {
  element.scrollIntoView({ block: "center", inline: "center" });
  const box = element.getBoundingClientRect();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}`;
const call = (/** @type {string | Function} */ fn, /** @type {unknown[]} */ args) => `(${fn})(...${JSON.stringify(args)})`;
/** In the page, before its own scripts: Date starts at `iso` and runs on with the real clock. */
const clockScript = (/** @type {string} */ iso) => `(() => {
  const Real = Date, start = Real.now(), offset = Real.parse(${JSON.stringify(iso)}) - start;
  class Clock extends Real {
    constructor(...args) { if (args.length) super(...args); else super(Real.now() + offset); }
    static now() { return Real.now() + offset; }
  }
  globalThis.Date = Clock;
})();`;
const missing = (/** @type {Target} */ target) => new Error(`No element ${JSON.stringify(target)}`);

/** What every tab shares: waiting, and evaluation built on the engine's own `evaluate`. */
class Tab {
  /**
   * Runs `fn` (a function, or its source) in the page with `args`; each engine's tab does it its own way.
   * @param {string | Function} _fn
   * @param {...unknown} _args
   * @returns {Promise<any>}
   */
  evaluate(_fn, ..._args) {
    return Promise.reject(new Error("evaluate belongs to each engine's tab"));
  }
  /**
   * Polls `fn(...args)` in the page until it returns something truthy, and returns that.
   * @param {string | Function} fn
   * @param {unknown[]} [args]
   * @param {{ timeout?: number, what?: string }} [options]
   */
  async waitFor(fn, args = [], { timeout = 20_000, what = String(fn) } = {}) {
    const end = Date.now() + timeout;
    // Each look is a round trip through the engine's driver, which costs every process on the way some
    // CPU: a wait that lasts (a reconnect, a retry's back-off) looks less and less often, up to once a second.
    let pause = 100;
    for (;;) {
      // A navigation may be under way: an evaluation that fails or does not answer counts as "not yet".
      const value = await Promise.race([
        this.evaluate(fn, ...args).catch(() => null),
        new Promise((resolve) => setTimeout(resolve, 2_000, null)),
      ]);
      if (value) return value;
      if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 1.5, 1_000);
    }
  }
  /**
   * Waits until the page itself reads the connection as switched (navigator.onLine). The switch reaches
   * the page a moment after the browser confirms it (Firefox applies it in the page's own process), and
   * a request sent in between can go out online: on a busy machine a Firefox journey's "offline" send
   * was once never kept.
   * @param {boolean} offline
   */
  pageKnows(offline) {
    return this.waitFor((/** @type {boolean} */ online) => navigator.onLine === online, [!offline], {
      what: `navigator.onLine to be ${!offline}`,
    });
  }
  /**
   * Runs `fn(element)` in the page on the target's element (null when there is none).
   * @param {Target} target
   * @param {string | ((element: any) => unknown)} fn `element` is the page's element, or null
   */
  read(target, fn) {
    return this.evaluate(`(target) => (${fn})((${RESOLVE})(target))`, target);
  }
  /**
   * Whether the target exists and is rendered.
   * @param {Target} target
   */
  isVisible(target) {
    return this.read(target, (/** @type {Element | null} */ element) => !!element?.checkVisibility({ visibilityProperty: true }));
  }
  /**
   * Waits until the target exists (and, with `visible`, is rendered).
   * @param {Target} target
   * @param {{ visible?: boolean, timeout?: number }} [options]
   */
  waitForElement(target, { visible = false, timeout } = {}) {
    const check = `(target, visible) => { const element = (${RESOLVE})(target); return !!element && (!visible || element.checkVisibility({ visibilityProperty: true })); }`;
    return this.waitFor(check, [target, visible], { timeout, what: JSON.stringify(target) });
  }
}

/** Playwright tabs (Chromium): a fresh context per tab. */
class PlaywrightTab extends Tab {
  /**
   * @param {import("playwright-core").BrowserContext} context
   * @param {import("playwright-core").Page} page
   * @param {string[]} problems
   * @param {string[]} requests
   */
  constructor(context, page, problems, requests) {
    super();
    this.context = context;
    this.page = page;
    this.problemList = problems;
    this.requestList = requests;
  }
  /** @param {string | Function} fn @param {...unknown} args */
  evaluate(fn, ...args) {
    return this.page.evaluate(call(fn, args));
  }
  /** @param {Target} target */
  async handle(target) {
    const handle = (await this.page.evaluateHandle(call(RESOLVE, [target]))).asElement();
    if (!handle) throw missing(target);
    return handle;
  }
  /** @param {Target} target */
  async click(target) {
    await (await this.handle(target)).click();
  }
  /** @param {Target} target */
  async focus(target) {
    await (await this.handle(target)).focus();
  }
  /** @param {Target} target */
  async hover(target) {
    await (await this.handle(target)).hover();
  }
  /** @param {Target} target @param {string} text */
  async type(target, text) {
    await (await this.handle(target)).type(text);
  }
  /**
   * Picks files in a file input, as a visitor does in the file chooser.
   * @param {Target} target @param {string[]} paths
   */
  async setFiles(target, paths) {
    await (await this.handle(target)).setInputFiles(paths);
  }
  /** @param {string} key */
  press(key) {
    return this.page.keyboard.press(key);
  }
  /** @param {number} x @param {number} y */
  moveMouse(x, y) {
    return this.page.mouse.move(x, y);
  }
  url() {
    return this.page.url();
  }
  /** @param {string} origin */
  async refuse(origin) {
    await this.context.route(`${origin}/**`, (route) => route.abort("connectionrefused"));
  }
  /**
   * The browser's own offline switch (navigator.onLine, the offline and online events, every request).
   * @param {boolean} offline
   */
  async setOffline(offline) {
    await this.context.setOffline(offline);
    await this.pageKnows(offline);
  }
  /**
   * Closes the page while offline, comes back online, and opens `url` in a new page of the same profile.
   * @param {string} url
   */
  async reopen(url) {
    await this.page.close();
    await this.context.setOffline(false);
    this.page = await this.context.newPage();
    listen(this.page, this.problemList, this.requestList);
    await this.page.goto(url, { waitUntil: "load" });
  }
  async problems() {
    return [...this.problemList, ...(await this.evaluate(() => window.__problems ?? []))];
  }
  requests() {
    return [...this.requestList];
  }
  close() {
    return this.context.close();
  }
}

/** Puppeteer tabs (Firefox over BiDi): a fresh browser context per tab, everything through the proxy. */
class PuppeteerTab extends Tab {
  /**
   * @param {any} context puppeteer's BrowserContext
   * @param {any} page puppeteer's Page
   * @param {string[]} problems
   * @param {any} proxy ./browser-proxy.js
   * @param {number} firstRequest the proxy's first request of this tab
   */
  constructor(context, page, problems, proxy, firstRequest) {
    super();
    this.context = context;
    this.page = page;
    this.problemList = problems;
    this.proxy = proxy;
    this.firstRequest = firstRequest;
    /** @type {string[]} */
    this.refused = [];
    /** The viewport, for a page opened again (reopen). */
    this.viewport = { width: 1280, height: 800 };
  }
  /** @param {string | Function} fn @param {...unknown} args */
  evaluate(fn, ...args) {
    return this.page.evaluate(call(fn, args));
  }
  /** @param {Target} target */
  async handle(target) {
    const handle = (await this.page.evaluateHandle(call(RESOLVE, [target]))).asElement();
    if (!handle) throw missing(target);
    return handle;
  }
  /**
   * A mouse click at the element's centre. Puppeteer's own click waits for an IntersectionObserver in the
   * page, which never reports in a page without JavaScript.
   * @param {Target} target
   */
  async click(target) {
    const { x, y } = await this.page.evaluate(`(${CENTRE})((${RESOLVE})(${JSON.stringify(target)}))`);
    await this.page.mouse.click(x, y);
  }
  /** @param {Target} target */
  async focus(target) {
    await (await this.handle(target)).focus();
  }
  /** @param {Target} target */
  async hover(target) {
    await (await this.handle(target)).hover();
  }
  /** @param {Target} target @param {string} text */
  async type(target, text) {
    await (await this.handle(target)).type(text);
  }
  /**
   * Picks files in a file input (WebDriver BiDi's input.setFiles).
   * @param {Target} target @param {string[]} paths
   */
  async setFiles(target, paths) {
    await (await this.handle(target)).uploadFile(...paths);
  }
  /** @param {string} key */
  press(key) {
    return this.page.keyboard.press(key);
  }
  /** @param {number} x @param {number} y */
  moveMouse(x, y) {
    return this.page.mouse.move(x, y);
  }
  url() {
    return this.page.url();
  }
  /** @param {string} origin */
  refuse(origin) {
    this.refused.push(origin);
    this.proxy.refuse(origin);
  }
  /**
   * Firefox's own offline switch over WebDriver BiDi (emulation.setNetworkConditions, type "offline"):
   * navigator.onLine, the offline and online events, every request of the tab.
   * @param {boolean} offline
   */
  async setOffline(offline) {
    await this.page.setOfflineMode(offline);
    await this.pageKnows(offline);
  }
  /**
   * Closes the page while offline and opens `url` online in a new page of the same browser context.
   * @param {string} url
   */
  async reopen(url) {
    await this.page.close();
    this.page = await this.context.newPage();
    await this.page.setViewport(this.viewport);
    await this.page.evaluateOnNewDocument(COLLECTOR_SCRIPT);
    listen(this.page, this.problemList);
    await this.page.goto(url, { waitUntil: "load" });
  }
  async problems() {
    return [...this.problemList, ...this.proxyProblems(), ...(await this.evaluate(() => window.__problems ?? []))];
  }
  proxyProblems() {
    return this.proxy.requests
      .slice(this.firstRequest)
      .filter((/** @type {{ status: number }} */ request) => request.status >= 400)
      .map((/** @type {{ status: number, url: string }} */ request) => `${request.status} ${request.url}`);
  }
  requests() {
    return this.proxy.requests.slice(this.firstRequest).map((/** @type {{ url: string }} */ request) => request.url);
  }
  async close() {
    for (const origin of this.refused) this.proxy.allow(origin);
    await this.context.close();
  }
}

/** WebDriver tabs (WebKit): a MiniBrowser session per tab; problems come from the collector and proxy. */
class WebDriverTab extends Tab {
  /**
   * @param {any} session ./webkit-webdriver.js
   * @param {any} proxy ./browser-proxy.js
   * @param {number} firstRequest the proxy's first request of this tab
   */
  constructor(session, proxy, firstRequest) {
    super();
    this.session = session;
    this.proxy = proxy;
    this.firstRequest = firstRequest;
    /** @type {string[]} */
    this.refused = [];
  }
  /** @param {string | Function} fn @param {...unknown} args */
  evaluate(fn, ...args) {
    return this.session.execute(`return (${fn})(...arguments)`, args);
  }
  /** @param {Target} target */
  async handle(target) {
    const element = await this.session.execute(`return (${RESOLVE})(arguments[0])`, [target]);
    if (!this.session.isElement(element)) throw missing(target);
    return element;
  }
  /** @param {Target} target */
  async click(target) {
    const element = await this.handle(target);
    // In the middle of the viewport first: WebKit's click refuses an element it finds at the edge.
    await this.session.execute(`(${CENTRE})(arguments[0])`, [element]);
    await this.session.click(element);
  }
  /** @param {Target} target */
  async focus(target) {
    await this.session.execute("arguments[0].focus()", [await this.handle(target)]);
  }
  /** @param {Target} target */
  async hover(target) {
    await this.session.movePointer(await this.handle(target));
  }
  /** @param {Target} target @param {string} text */
  async type(target, text) {
    await this.session.sendKeys(await this.handle(target), text);
  }
  /**
   * Picks files in a file input: WebDriver's Element Send Keys with the paths, one a line.
   * @param {Target} target @param {string[]} paths
   */
  async setFiles(target, paths) {
    await this.session.sendKeys(await this.handle(target), paths.join("\n"));
  }
  /** @param {string} key */
  press(key) {
    return this.session.pressKey(key);
  }
  /** @param {number} x @param {number} y */
  moveMouse(x, y) {
    return this.session.movePointer("viewport", x, y);
  }
  url() {
    return this.session.currentUrl();
  }
  /** @param {string} origin */
  refuse(origin) {
    this.refused.push(origin);
    this.proxy.refuse(origin);
  }
  /**
   * WebKitWebDriver has no offline switch: the stand-in is a real cut of the backend's origin at the
   * proxy every request goes through (the connection drops before any answer). navigator.onLine stays
   * true and no online event comes: the page finds the connection back by trying again.
   * @param {boolean} offline
   * @param {string} backend the backend's origin
   */
  setOffline(offline, backend) {
    if (offline) this.refuse(backend);
    else this.proxy.allow(backend);
  }
  /**
   * WebDriver's session is one window: the page is left for `url` (unloaded, as when the tab is closed)
   * once the cut is over, in the same profile.
   * @param {string} url
   */
  async reopen(url) {
    for (const origin of this.refused) this.proxy.allow(origin);
    await this.session.navigate(url);
  }
  async problems() {
    return [
      ...PuppeteerTab.prototype.proxyProblems.call(this),
      ...(await this.evaluate(() => window.__problems ?? ["the collector did not run"])),
    ];
  }
  requests() {
    return PuppeteerTab.prototype.requests.call(this);
  }
  async close() {
    for (const origin of this.refused) this.proxy.allow(origin);
    await this.session.close();
  }
}

/**
 * What listen() needs of a Playwright or Puppeteer page.
 * @typedef {{
 *   on(event: "console", listener: (message: { type(): string, text(): string, location(): { url?: string } | undefined }) => void): unknown;
 *   on(event: "pageerror", listener: (error: unknown) => void): unknown;
 *   on(event: "response", listener: (response: { status(): number, url(): string }) => void): unknown;
 *   on(event: "request", listener: (request: { url(): string }) => void): unknown;
 * }} EventPage
 */

/**
 * Console errors, uncaught errors and failed answers, as Playwright and Puppeteer report them.
 * @param {import("playwright-core").Page | import("puppeteer-core").Page} page
 * @param {string[]} problems
 * @param {string[]} [requests]
 */
function listen(page, problems, requests) {
  const events = /** @type {EventPage} */ (page);
  // With the source's URL: a failed request names the address it could not reach.
  events.on(
    "console",
    (message) => message.type() === "error" && problems.push(`${message.text()} ${message.location()?.url ?? ""}`.trim()),
  );
  events.on("pageerror", (error) => problems.push(String(error)));
  events.on("response", (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
  if (requests) events.on("request", (request) => requests.push(request.url()));
}

/** Chromium: partner.test resolves to loopback, but its URL is not loopback, so it is not secure. */
/** @param {{ partnerPort: number }} options */
async function launchChromiumEngine({ partnerPort }) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP ${PARTNER_HOST} 127.0.0.1`],
  });
  return {
    name: "chromium",
    partnerOrigin: `http://${PARTNER_HOST}:${partnerPort}`,
    /** @param {string} url @param {OpenOptions} [options] */
    async open(url, { width = 1280, height = 800, javaScript = true, clock } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: javaScript });
      await context.addInitScript(COLLECTOR_SCRIPT);
      if (clock) await context.addInitScript(clockScript(clock));
      const page = await context.newPage();
      /** @type {string[]} */
      const problems = [];
      /** @type {string[]} */
      const requests = [];
      listen(page, problems, requests);
      await page.goto(url, { waitUntil: "load" });
      return new PlaywrightTab(context, page, problems, requests);
    },
    stop: () => browser.close(),
  };
}

/** Firefox ESR: every request, loopback included, goes through the proxy, which knows partner.test. */
/** @param {{ partnerPort: number, prefs?: Record<string, unknown> }} options */
async function launchFirefoxEngine({ partnerPort, prefs: extraPrefs = {} }) {
  const proxy = await startBrowserProxy({ hosts: { [PARTNER_HOST]: "127.0.0.1" } });
  const [host, port] = proxy.address.split(":");
  const prefs = (/** @type {boolean} */ javaScript) => ({
    "network.proxy.type": 1,
    "network.proxy.http": host,
    "network.proxy.http_port": Number(port),
    "network.proxy.no_proxies_on": "",
    "network.proxy.allow_hijacking_localhost": true,
    "javascript.enabled": javaScript,
    ...extraPrefs,
  });
  const launch = (/** @type {boolean} */ javaScript) =>
    puppeteer.launch({ browser: "firefox", executablePath: FIREFOX_PATH, headless: true, extraPrefsFirefox: prefs(javaScript) });
  const browser = await launch(true);
  /** @type {ReturnType<typeof launch> | undefined} */
  let withoutJavaScript; // launched when a journey first needs it: JavaScript is a browser-wide pref
  return {
    name: "firefox",
    partnerOrigin: `http://${PARTNER_HOST}:${partnerPort}`,
    /** @param {string} url @param {OpenOptions} [options] */
    async open(url, { width = 1280, height = 800, javaScript = true, clock } = {}) {
      if (!javaScript) withoutJavaScript ??= launch(false);
      const context = await (javaScript || !withoutJavaScript ? browser : await withoutJavaScript).createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height });
      if (javaScript) await page.evaluateOnNewDocument(COLLECTOR_SCRIPT);
      if (clock) await page.evaluateOnNewDocument(clockScript(clock));
      /** @type {string[]} */
      const problems = [];
      listen(page, problems);
      const firstRequest = proxy.requests.length;
      await page.goto(url, { waitUntil: "load" });
      const tab = new PuppeteerTab(context, page, problems, proxy, firstRequest);
      tab.viewport = { width, height };
      return tab;
    },
    async stop() {
      await browser.close();
      await (await withoutJavaScript)?.close();
      await proxy.stop();
    },
  };
}

/** WebKitGTK: MiniBrowser sessions through the proxy, which also puts the collector into every page. */
/** @param {{ partnerPort: number }} options */
async function launchWebKitEngine({ partnerPort }) {
  const proxy = await startBrowserProxy({ hosts: { [PARTNER_HOST]: "127.0.0.1" }, injectCollector: true });
  const driver = await startWebKitDriver();
  /** @type {import("./webkit-webdriver.js").WebDriverSession | undefined} */
  let current;
  return {
    name: "webkit",
    partnerOrigin: `http://${PARTNER_HOST}:${partnerPort}`,
    /** @param {string} url @param {OpenOptions} [options] */
    async open(url, { width = 1280, height = 800, javaScript = true, clock } = {}) {
      // The clock goes in with the collector, the first script of every page the proxy relays.
      proxy.setPageScript(clock ? clockScript(clock) : "");
      // WebKitWebDriver holds one session at a time: a journey that timed out may have left its own.
      await current?.close().catch(() => {});
      // Without JavaScript: MiniBrowser's WebKitSettings flag that turns off the page's own scripts.
      current = await driver.newSession({
        proxy: proxy.address,
        settings: javaScript ? [] : ["--enable-javascript-markup=false"],
      });
      const session = current;
      // The window includes MiniBrowser's toolbar: grow it so the page itself gets width x height. GTK
      // keeps the window about 450 px wide at least, so a phone's 390 px comes out wider (still the
      // phone layout, whose menus switch at 1024 px); asking for less than that would never be answered.
      await session.setWindowSize(width, height);
      const [innerWidth, innerHeight] = await session.execute("return [innerWidth, innerHeight]");
      if (innerWidth < width || innerHeight < height) {
        await session.setWindowSize(width + Math.max(0, width - innerWidth), height + Math.max(0, height - innerHeight));
      }
      const firstRequest = proxy.requests.length;
      await session.navigate(url);
      return new WebDriverTab(session, proxy, firstRequest);
    },
    async stop() {
      await driver.stop();
      await proxy.stop();
    },
  };
}

export const ENGINES = { chromium: launchChromiumEngine, firefox: launchFirefoxEngine, webkit: launchWebKitEngine };
