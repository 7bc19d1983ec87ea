import { closeServer, listen } from "../../dev/local/servers.js";
import { createStaticServer } from "../../dev/static-server.js";
import { DIST, requireBuild } from "./site.js";

/** Starts the production-like static server on a free loopback port; returns its base URL and a stop function. */
export async function startSite() {
  requireBuild();
  const server = await createStaticServer(DIST);
  const port = await listen(server, 0, "127.0.0.1");
  return { base: `http://127.0.0.1:${port}`, stop: () => closeServer(server) };
}
