// WebKitGTK driven over classic WebDriver: Xvfb on a free display, WebKitWebDriver on a free port, and
// per session a MiniBrowser in automation mode. The protocol client is WebdriverIO's `webdriver`
// package, given the driver's address so that it starts and downloads no driver of its own
// (docs/testing.md); this file starts the processes and names the few commands the journeys use.
import { spawn } from "node:child_process";
import logger from "@wdio/logger";
import WebDriver from "webdriver";
import { freePort } from "../../dev/local/free-port.js";
import { MINIBROWSER_PATH, WEBKIT_DRIVER_PATH, XVFB_PATH } from "../../dev/browser-engines.js";

/** WebDriver's codes for the keys the journeys press. */
const KEYS = {
  ArrowDown: "\uE015",
  ArrowUp: "\uE013",
  End: "\uE010",
  Home: "\uE011",
  Enter: "\uE007",
  Escape: "\uE00C",
  Tab: "\uE004",
};
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
/** A command that never answers fails after this long, naming itself, instead of as a bare test timeout. */
const COMMAND_TIMEOUT_MS = 60_000;
/** A new session that does not answer in this long is given up, and a fresh driver process tried. */
const SESSION_TIMEOUT_MS = 45_000;
// WebdriverIO logs every command and connection at "info": the tests print only what goes wrong. The
// client's own logger takes its level from the session's options, the utilities' from here.
const LOG_LEVEL = "warn";
logger.setLevel("@wdio/utils", LOG_LEVEL);

/** Starts Xvfb; resolves with its display (":N") once it accepts clients. */
function startXvfb() {
  // -displayfd: Xvfb picks a free display itself and writes its number when ready.
  const xvfb = spawn(XVFB_PATH, ["-displayfd", "3", "-screen", "0", "1400x1000x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let text = "";
    xvfb.stdio[3]?.on("data", (chunk) => {
      text += chunk;
      if (text.includes("\n")) resolve({ display: `:${text.trim()}`, process: xvfb });
    });
    xvfb.on("exit", (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
}

/** Resolves once the driver answers its status, or rejects when it exits first. */
async function waitForDriver(/** @type {string} */ url, /** @type {import("node:child_process").ChildProcess} */ driver) {
  for (let i = 0; i < 100; i++) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${driver.exitCode}`);
    const ready = await fetch(`${url}/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("WebKitWebDriver did not start");
}

/**
 * How MiniBrowser paints. With no GPU, WebKitGTK's accelerated compositing draws every layer of every
 * frame in software: four times the CPU of its non-composited mode for the same pages (measured with
 * /proc/stat over six page loads), on a machine where the browser tests share two cores. The journeys
 * test what the page does (its DOM, scripts, styles and layout, all WebKit's), not how the window is
 * composited.
 */
const PAINTING = { WEBKIT_DISABLE_COMPOSITING_MODE: "1" };

/**
 * Starts WebKitWebDriver on a free port, showing its browsers on `display`. It takes a port number and
 * cannot report one it chose, so another process may take the port first: then it exits, and it is
 * started again on another.
 * @param {string} display
 * @returns {Promise<{ port: number, process: import("node:child_process").ChildProcess }>}
 */
async function startDriver(display, attempts = 5) {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, "--host=127.0.0.1"], {
    stdio: "ignore",
    env: { ...process.env, DISPLAY: display, ...PAINTING },
  });
  try {
    await waitForDriver(`http://127.0.0.1:${port}`, driver);
  } catch (error) {
    driver.kill();
    if (attempts > 1 && /exited/.test(String(error))) return startDriver(display, attempts - 1);
    throw error;
  }
  return { port, process: driver };
}

/**
 * A session of the driver at `port`. The address keeps `webdriver` from starting a driver itself;
 * no retries, as a command such as a click must not run twice; no browserName, so it asks for no
 * WebDriver BiDi socket, which WebKitWebDriver does not offer.
 * @param {number} port
 * @param {Record<string, unknown>} capabilities
 * @param {number} timeout
 */
function openSession(port, capabilities, timeout) {
  return WebDriver.newSession({
    protocol: "http",
    hostname: "127.0.0.1",
    port,
    capabilities: { alwaysMatch: capabilities, firstMatch: [{}] },
    connectionRetryCount: 0,
    connectionRetryTimeout: timeout,
    logLevel: LOG_LEVEL,
  });
}

/**
 * `webdriver` sends its commands through the proxy in HTTP_PROXY or HTTPS_PROXY unless NO_PROXY names
 * the driver's host: the tests talk to 127.0.0.1 only, so say so at once rather than fail on every command.
 */
function refuseProxy() {
  const proxy = process.env.HTTP_PROXY || process.env.HTTPS_PROXY;
  const bypassed = (process.env.NO_PROXY ?? "").split(/[\s,;]+/).some((host) => host && "127.0.0.1".endsWith(host));
  if (proxy && !bypassed)
    throw new Error(`HTTP_PROXY or HTTPS_PROXY is set (${proxy}): add 127.0.0.1 to NO_PROXY to run the WebKit tests.`);
}

/** Starts the display and the driver; `newSession` opens a MiniBrowser window. */
export async function startWebKitDriver() {
  refuseProxy();
  const xvfb = await startXvfb();
  let driver = await startDriver(xvfb.display);
  return {
    /**
     * `proxy` ("127.0.0.1:PORT") carries every request; `settings` are MiniBrowser's WebKitSettings flags.
     * @param {{ proxy?: string, settings?: string[] }} [options]
     */
    async newSession({ proxy, settings = [] } = {}) {
      const capabilities = {
        "webkitgtk:browserOptions": { binary: MINIBROWSER_PATH, args: ["--automation", ...settings] },
        ...(proxy ? { proxy: { proxyType: "manual", httpProxy: proxy } } : {}),
      };
      // Now and then the driver stops answering new sessions after the previous browser closed (seen
      // only on the busy machine); a fresh driver process then starts the browser at once.
      const client = await openSession(driver.port, capabilities, SESSION_TIMEOUT_MS).catch(async (error) => {
        if (!/timed? ?out/i.test(error.message)) throw error;
        driver.process.kill();
        driver = await startDriver(xvfb.display);
        return openSession(driver.port, capabilities, SESSION_TIMEOUT_MS);
      });
      // Later commands may take longer than a new session: a page load on the busy machine.
      client.options.connectionRetryTimeout = COMMAND_TIMEOUT_MS;
      const session = new WebDriverSession(client);
      // Switching to the window makes it the active one: WebKit fires focus events only in an active window.
      await client.switchToWindow(await client.getWindowHandle());
      return session;
    },
    async stop() {
      driver.process.kill();
      xvfb.process.kill();
    },
  };
}

/** One MiniBrowser window: the commands of the W3C WebDriver specification the journeys use. */
export class WebDriverSession {
  /** @param {import("webdriver").Client} client */
  constructor(client) {
    this.client = client;
    /** @type {Promise<unknown> | undefined} */
    this.closed = undefined;
  }
  navigate(/** @type {string} */ url) {
    return this.client.navigateTo(url);
  }
  currentUrl() {
    return this.client.getUrl();
  }
  setWindowSize(/** @type {number} */ width, /** @type {number} */ height) {
    return this.client.setWindowRect(null, null, width, height);
  }
  /**
   * Runs `script` (a function body) with `args`; elements come back as references `click` and `sendKeys` accept.
   * @param {string} script
   * @param {(string | number | boolean | object | null | undefined)[]} [args]
   * @returns {Promise<any>}
   */
  execute(script, args = []) {
    return this.client.executeScript(script, args);
  }
  isElement(/** @type {unknown} */ value) {
    return Boolean(value && typeof value === "object" && ELEMENT in value);
  }
  click(/** @type {Record<string, string>} */ element) {
    return this.client.elementClick(element[ELEMENT]);
  }
  sendKeys(/** @type {Record<string, string>} */ element, /** @type {string} */ text) {
    return this.client.elementSendKeys(element[ELEMENT], text);
  }
  /** Input actions: a key pressed on the focused element, or the pointer moved over an element or a point. */
  pressKey(/** @type {string} */ key) {
    const value = KEYS[/** @type {keyof typeof KEYS} */ (key)] ?? key;
    return this.client.performActions([
      {
        type: "key",
        id: "keyboard",
        actions: [
          { type: "keyDown", value },
          { type: "keyUp", value },
        ],
      },
    ]);
  }
  movePointer(/** @type {unknown} */ origin, x = 0, y = 0) {
    return this.client.performActions([
      {
        type: "pointer",
        id: "mouse",
        parameters: { pointerType: "mouse" },
        actions: [{ type: "pointerMove", duration: 50, origin, x, y }],
      },
    ]);
  }
  /** Ends the session (once: a second call does nothing). */
  close() {
    this.closed ??= this.client.deleteSession();
    return this.closed;
  }
}
