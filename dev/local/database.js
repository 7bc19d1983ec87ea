// The embedded Postgres of `npm start`: PGlite (Postgres compiled to WebAssembly), persisted in a
// folder, served over the Postgres wire protocol like the Supabase CLI's database.
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { migrate } from "./migrations.js";

/**
 * Starts PGlite (in `dataDir`, or in memory when it is omitted) on 127.0.0.1:`port`, with the
 * migrations applied. Several clients may connect at once (the function, psql, the retry job).
 * @param {{ dataDir?: string, port?: number, maxConnections?: number }} [options] port 0: a free one
 */
export async function startDatabase({ dataDir, port = 54322, maxConnections = 16 } = {}) {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const applied = await migrate({ exec: (sql) => db.exec(sql), query: async (sql, params) => (await db.query(sql, params)).rows });
  /** @type {PGLiteSocketServer | null} */
  let server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections });
  await server.start();
  // The socket server keeps its net.Server private; it is the only way to read back a port 0 bound.
  const netServer = /** @type {{ server?: import("node:net").Server }} */ (/** @type {unknown} */ (server)).server;
  const actualPort = /** @type {import("node:net").AddressInfo | null} */ (netServer?.address() ?? null)?.port ?? port;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${actualPort}/postgres`,
    port: actualPort,
    applied,
    db,
    /** Stops answering on the port but keeps the data (tests use it to take the database away). */
    async pause() {
      await server?.stop();
      server = null;
    },
    /** Answers on the same port again (retrying briefly while the system still holds it). */
    async resume() {
      for (let attempt = 1; ; attempt++) {
        server = new PGLiteSocketServer({ db, port: actualPort, host: "127.0.0.1", maxConnections });
        try {
          await server.start();
          return;
        } catch (/** @type {any} */ error) {
          server = null;
          if (error?.code !== "EADDRINUSE" || attempt === 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    async stop() {
      await server?.stop();
      await db.close();
    },
  };
}
