// The two Postgres servers the backend tests run against: PGlite (what `npm start` uses) and a real
// PostgreSQL 15 cluster from Debian's binaries in a throwaway folder (what Supabase runs). Both get the
// Supabase roles and the migrations, and both can be taken down and brought back (the 503 test).
import { startDatabase } from "../../dev/local/database.js";
import { startPostgres15 } from "../../dev/local/postgres15.js";
import { startStallingProxy } from "./stalling-proxy.js";

export { startPostgres15 };

/** @typedef {import("../../dev/local/postgres15.js").DatabaseHandle} TestDatabase */

/**
 * PGlite in memory behind its socket server on a free port.
 * @returns {Promise<TestDatabase>}
 */
export async function startPglite() {
  const database = await startDatabase({ port: 0 });
  // It hangs behind a proxy that stops relaying (./stalling-proxy.js): PGlite runs in this process.
  const proxy = await startStallingProxy(database.port);
  return {
    name: "PGlite",
    url: database.url.replace(`:${database.port}/`, `:${proxy.port}/`),
    // One connection: PGlite's socket server multiplexes one session (see store.ts).
    poolMax: 1,
    pause: database.pause,
    resume: database.resume,
    freeze: async () => proxy.stall(),
    thaw: async () => proxy.resume(),
    async stop() {
      await proxy.stop();
      await database.stop();
    },
  };
}
