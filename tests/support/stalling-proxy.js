// A TCP proxy in front of a database that can be made to hang: `stall()` stops relaying in both
// directions on every open connection (and leaves new ones unanswered) without closing anything, as a
// stopped server or a dead network path does; `resume()` relays again. PGlite runs inside the test
// process and cannot be stopped with a signal, so this plays the hung database there.
import { createServer, connect } from "node:net";
import { closeServer, listen } from "../../dev/local/servers.js";

/**
 * Starts the proxy on a free loopback port, relaying to 127.0.0.1:`targetPort`.
 * @param {number} targetPort
 */
export async function startStallingProxy(targetPort) {
  let stalled = false;
  /** @type {Set<import("node:net").Socket>} */
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
      if (stalled) socket.pause();
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await listen(server, 0, "127.0.0.1");
  return {
    port,
    stall() {
      stalled = true;
      for (const socket of sockets) socket.pause();
    },
    resume() {
      stalled = false;
      for (const socket of sockets) socket.resume();
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    },
  };
}
