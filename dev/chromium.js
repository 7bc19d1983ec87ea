// Launches Debian's Chromium through playwright-core (no downloaded browser, nothing fetched at install),
// with flags that keep it from reaching for the network on its own: tests may only talk to 127.0.0.1.
//
// Two builds of the same engine. The browser visitors use (package chromium) runs the journeys of
// tests/browser/engines.test.js and Lighthouse. Everything else that reads what Chromium draws, lays out
// or exposes (layout, axe, the accessibility tree, the first paint) runs in Chromium's headless shell
// (package chromium-headless-shell): the same Blink and V8 without the desktop browser around them, the
// build Playwright itself runs headless tests in. It loads the firm's pages for about half the CPU time:
// the full browser's own process and its GPU process cost as much again as the pages' renderers.
import { chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
/** Flags for a headless Chromium that never reaches for the network on its own. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * Chromium's headless shell, every page of it as a visitor's page starts: with no pointer over it.
 * @param {{ args?: string[], scrollbars?: boolean }} [options] more flags, e.g. --host-resolver-rules for
 *   a test host name; `scrollbars` draws classic scrollbars that take room from the page, as on a Windows
 *   or Linux desktop (playwright-core hides them in headless mode by default).
 */
export async function launchChromium({ args = [], scrollbars = false } = {}) {
  const browser = await chromium.launch({
    executablePath: HEADLESS_SHELL_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...args],
    ignoreDefaultArgs: scrollbars ? ["--hide-scrollbars"] : [],
  });
  return withPagesOffThePointer(browser);
}

/**
 * The headless shell puts each new page's window at the screen's (0, 0), where its pointer rests, and
 * when the window first shows a document it sends that document a mouse move to there: the page sees
 * pointerover and :hover on its top-left element, as if a visitor's mouse lay on it. The firm's pages
 * load their islands at the first pointerover (site/_lib/island-loader.js), so every page would start
 * them at once instead of after its first paint. Each page's window is moved one pixel off that point
 * before it is handed out; Playwright's own mouse (page.mouse, hover, click) works as before. A window a
 * page opens itself (window.open) is not moved.
 * @param {import("playwright-core").Browser} browser
 */
function withPagesOffThePointer(browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => {
      const page = await newPage();
      const devtools = await context.newCDPSession(page);
      const { windowId } = await devtools.send("Browser.getWindowForTarget");
      await devtools.send("Browser.setWindowBounds", { windowId, bounds: { left: 1, top: 1 } });
      await devtools.detach();
      return page;
    };
    return context;
  };
  return browser;
}

/**
 * Scrolls a page from top to bottom in steps, so lazy images load (a full-page shot never scrolls).
 * @param {import("playwright-core").Page} page
 */
export async function scrollThrough(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle");
}
