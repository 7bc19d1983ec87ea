// Pages kept open and lent to one test at a time, for tests that only read what a page draws. A new
// page starts a renderer process in Chromium, which costs about three times the CPU of loading one of
// the firm's pages (about 0.65 against 0.2 CPU-seconds on the 2-core machine); a page navigated again
// within the site keeps its process. Each page has a context of its own and the HTTP cache off, so every
// load fetches what a first visit fetches. What a borrower changed is undone when the page comes back
// (its routes), or the page is not lent again (when the test failed with it).

/**
 * @param {import("playwright-core").Browser} browser
 * @param {{ setup?: (page: import("playwright-core").Page) => Promise<unknown> }} [options] `setup` runs once on each
 *   new page, before it is first lent (init scripts, bindings).
 */
export function pagePool(browser, { setup } = {}) {
  /** @type {import("playwright-core").Page[]} */
  const idle = [];
  /** @type {Set<import("playwright-core").BrowserContext>} */
  const contexts = new Set();

  async function open() {
    const context = await browser.newContext();
    contexts.add(context);
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send("Network.setCacheDisabled", { cacheDisabled: true });
    await setup?.(page);
    return page;
  }

  return {
    /**
     * Lends a page of `viewport` to `use` and takes it back when `use` is done. The page is untyped for
     * `use`, as in ./browser.js's `visit`: the tests' element callbacks read it loosely.
     * @template T
     * @param {{ width: number, height: number }} viewport
     * @param {(page: any) => Promise<T>} use
     * @returns {Promise<T>}
     */
    async lend(viewport, use) {
      const page = idle.pop() ?? (await open());
      await page.setViewportSize(viewport);
      let result;
      try {
        result = await use(page);
        await page.unrouteAll({ behavior: "wait" });
      } catch (error) {
        contexts.delete(page.context());
        await page.context().close();
        throw error;
      }
      idle.push(page);
      return result;
    },
    async close() {
      await Promise.all([...contexts].map((context) => context.close()));
    },
  };
}
