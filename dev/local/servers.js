// Starting and stopping the Node servers of the local stack, the tests and the bench the same way.

/**
 * Listens on `port` (0: a free one the system picks) and resolves with the port it got, so nobody
 * reserves a port and binds it later while another process takes it.
 * @param {import("node:net").Server} server
 * @param {number} port
 * @param {string} [host] omitted: every interface
 * @returns {Promise<number>}
 */
export function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    const ready = () => {
      server.off("error", reject);
      resolve(/** @type {import("node:net").AddressInfo} */ (server.address()).port);
    };
    if (host) server.listen(port, host, ready);
    else server.listen(port, ready);
  });
}

/**
 * Closes a server now: an http.Server's keep-alive connections included (plain close() waits for idle
 * clients); a plain net.Server's connections are the caller's to end.
 * @param {import("node:http").Server | import("node:net").Server} server
 * @returns {Promise<void>}
 */
export function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ("closeAllConnections" in server) server.closeAllConnections();
  });
}
