import { createServer } from "node:net";

/**
 * A free TCP port on loopback, for the servers that cannot bind port 0 and report it (PostgreSQL,
 * WebKitWebDriver): another process may take it before it is bound, so the caller retries when it is in use.
 * @returns {Promise<number>}
 */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
