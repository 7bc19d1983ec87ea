// Where the three browser engines of the tests live on a Debian machine, in one place for the tests
// and for scripts/ensure-system-deps.js (which installs the packages named here).
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from "./chromium.js";

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
/** WebKitGTK's WebDriver server (package webkit2gtk-driver) and the browser it drives. */
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? "/usr/bin/WebKitWebDriver";
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
/** The virtual display WebKit's MiniBrowser needs (package xvfb). */
export const XVFB_PATH = process.env.XVFB_PATH ?? "/usr/bin/Xvfb";

/** The Debian package that provides each file. */
export const ENGINE_PACKAGES = [
  { path: CHROMIUM_PATH, pkg: "chromium" },
  { path: HEADLESS_SHELL_PATH, pkg: "chromium-headless-shell" },
  { path: FIREFOX_PATH, pkg: "firefox-esr" },
  { path: WEBKIT_DRIVER_PATH, pkg: "webkit2gtk-driver" },
  { path: MINIBROWSER_PATH, pkg: "libwebkit2gtk-4.1-0" },
  { path: XVFB_PATH, pkg: "xvfb" },
];
