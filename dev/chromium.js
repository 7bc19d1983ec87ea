// Launches Debian's Chromium through playwright-core (no downloaded browser, nothing fetched at install),
// with flags that keep it from reaching for the network on its own: tests may only talk to 127.0.0.1.
import { chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
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
 * A headless Chromium browser.
 * @param {{ args?: string[], scrollbars?: boolean }} [options] more flags, e.g. --host-resolver-rules for
 *   a test host name; `scrollbars` draws classic scrollbars that take room from the page, as on a Windows
 *   or Linux desktop (playwright-core hides them in headless mode by default).
 */
export function launchChromium({ args = [], scrollbars = false } = {}) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...args],
    ignoreDefaultArgs: scrollbars ? ["--hide-scrollbars"] : [],
  });
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
