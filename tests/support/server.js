import { createStaticServer } from "../../scripts/static-server.js";
import { DIST, requireBuild } from "./site.js";

/** Starts the production-like static server on a free loopback port; returns its base URL and a stop function. */
export async function startSite() {
  requireBuild();
  const server = await createStaticServer(DIST);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}
