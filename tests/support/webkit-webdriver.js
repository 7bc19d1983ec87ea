// WebKitGTK driven over classic WebDriver: Xvfb on a free display, WebKitWebDriver on a free port, and
// per session a MiniBrowser in automation mode. The client is a few calls over fetch: no maintained
// Node client speaks WebKitGTK's "webkitgtk:browserOptions" without pulling in a test runner of its own.
import { spawn } from "node:child_process";
import { freePort } from "../../dev/local/free-port.js";
import { MINIBROWSER_PATH, WEBKIT_DRIVER_PATH, XVFB_PATH } from "../../dev/browser-engines.js";

/** WebDriver's codes for the keys the journeys press. */
export const KEYS = {
  ArrowDown: "\uE015",
  ArrowUp: "\uE013",
  End: "\uE010",
  Home: "\uE011",
  Enter: "\uE007",
  Escape: "\uE00C",
  Tab: "\uE004",
};
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

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

async function waitForDriver(url, driver) {
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
 * Starts WebKitWebDriver on a free port, showing its browsers on `display`. It takes a port number and
 * cannot report one it chose, so another process may take the port first: then it exits, and it is
 * started again on another.
 */
async function startDriver(display, attempts = 5) {
  const port = await freePort();
  const process_ = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, "--host=127.0.0.1"], {
    stdio: "ignore",
    env: { ...process.env, DISPLAY: display },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForDriver(url, process_);
  } catch (error) {
    process_.kill();
    if (attempts > 1 && /exited/.test(String(error))) return startDriver(display, attempts - 1);
    throw error;
  }
  return { url, process: process_ };
}

/** Starts the display and the driver; `newSession` opens a MiniBrowser window. */
export async function startWebKitDriver() {
  const xvfb = await startXvfb();
  let driver = await startDriver(xvfb.display);
  const create = async (capabilities) => {
    const created = await call(driver.url, "POST", "/session", { capabilities });
    return new WebDriverSession(`${driver.url}/session/${created.sessionId}`, created.capabilities);
  };
  return {
    /**
     * `proxy` ("127.0.0.1:PORT") carries every request; `settings` are MiniBrowser's WebKitSettings flags.
     * @param {{ proxy?: string, settings?: string[] }} [options]
     */
    async newSession({ proxy, settings = [] } = {}) {
      const options = { binary: MINIBROWSER_PATH, args: ["--automation", ...settings] };
      const capabilities = {
        alwaysMatch: { "webkitgtk:browserOptions": options, ...(proxy ? { proxy: { proxyType: "manual", httpProxy: proxy } } : {}) },
      };
      // Now and then the driver stops answering new sessions after the previous browser closed (seen
      // only on the busy machine); a fresh driver process then starts the browser at once.
      const session = await create(capabilities).catch(async (error) => {
        if (!/timeout/i.test(error.message)) throw error;
        driver.process.kill();
        driver = await startDriver(xvfb.display);
        return create(capabilities);
      });
      // Switching to the window makes it the active one: WebKit fires focus events only in an active window.
      await session.call("POST", "/window", { handle: await session.call("GET", "/window") });
      return session;
    },
    async stop() {
      driver.process.kill();
      xvfb.process.kill();
    },
  };
}

async function call(base, method, path, body) {
  // A command that never answers fails here, naming itself, instead of as a bare test timeout.
  const signal = AbortSignal.timeout(path === "/session" ? 45_000 : 60_000);
  const response = await fetch(base + path, {
    method,
    signal,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error) => {
    throw new Error(`WebDriver ${method} ${path}: ${error.message}`);
  });
  const { value } = await response.json();
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
  return value;
}

/** One MiniBrowser window: the commands of the W3C WebDriver specification the journeys use. */
export class WebDriverSession {
  constructor(base, capabilities) {
    this.base = base;
    this.capabilities = capabilities;
    /** @type {Promise<unknown> | undefined} */
    this.closed = undefined;
  }
  call(method, path, body) {
    return call(this.base, method, path, body);
  }
  navigate(url) {
    return this.call("POST", "/url", { url });
  }
  currentUrl() {
    return this.call("GET", "/url");
  }
  setWindowSize(width, height) {
    return this.call("POST", "/window/rect", { width, height });
  }
  /** Runs `script` (a function body) with `args`; elements come back as references `element()` accepts. */
  execute(script, args = []) {
    return this.call("POST", "/execute/sync", { script, args });
  }
  isElement(value) {
    return value && typeof value === "object" && ELEMENT in value;
  }
  click(element) {
    return this.call("POST", `/element/${element[ELEMENT]}/click`, {});
  }
  sendKeys(element, text) {
    return this.call("POST", `/element/${element[ELEMENT]}/value`, { text });
  }
  /** Input actions: a key pressed on the focused element, or the pointer moved over an element or a point. */
  pressKey(key) {
    const value = KEYS[key] ?? key;
    return this.call("POST", "/actions", {
      actions: [
        {
          type: "key",
          id: "keyboard",
          actions: [
            { type: "keyDown", value },
            { type: "keyUp", value },
          ],
        },
      ],
    });
  }
  movePointer(origin, x = 0, y = 0) {
    return this.call("POST", "/actions", {
      actions: [
        {
          type: "pointer",
          id: "mouse",
          parameters: { pointerType: "mouse" },
          actions: [{ type: "pointerMove", duration: 50, origin, x, y }],
        },
      ],
    });
  }
  /** Ends the session (once: a second call does nothing). */
  close() {
    this.closed ??= this.call("DELETE", "");
    return this.closed;
  }
}
