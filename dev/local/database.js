// The embedded Postgres of `npm start`: PGlite (Postgres compiled to WebAssembly), persisted in a
// folder, served over the Postgres wire protocol like the Supabase CLI's database.
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { migrate } from "./migrations.js";

/**
 * PGlite's socket server runs the protocol messages of all its connections one at a time in its one
 * session, taking turns per message. Another connection's Parse could then land between this one's
 * Parse and Bind, and the unnamed statements collide ("bind message supplies 2 parameters, but prepared
 * statement "" requires 0"). The server already keeps a connection's turn while it has a transaction
 * open; this makes it keep the turn also from a connection's first extended-query message to its Sync.
 * It reaches into the server's queue (pglite-socket 0.2: `queryQueue.db`, asked `isInTransaction()`
 * before each turn), so a test runs two connections at once against it (tests/backend/pglite-socket.test.js).
 * @param {PGLiteSocketServer} server
 */
function keepExtendedQueriesWhole(server) {
  const queue = /** @type {{ queryQueue?: { db: PGlite } }} */ (/** @type {unknown} */ (server)).queryQueue;
  if (!queue?.db) throw new Error("pglite-socket changed: no queryQueue.db to keep extended queries whole");
  const db = queue.db;
  let midQuery = false;
  queue.db = new Proxy(db, {
    get(target, key) {
      if (key === "isInTransaction") return () => midQuery || target.isInTransaction();
      if (key === "execProtocolRawStream") {
        return (/** @type {Uint8Array} */ message, /** @type {any} */ options) => {
          // Parse, Bind, Describe, Execute, Close, Flush: more of the same query follows, until Sync.
          midQuery = "PBDECH".includes(String.fromCharCode(message[0]));
          return target.execProtocolRawStream(message, options);
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return server;
}

/**
 * Starts PGlite (in `dataDir`, or in memory when it is omitted) on 127.0.0.1:`port`, with the
 * migrations applied. Several clients may connect at once (the function, psql, the retry job).
 * @param {{ dataDir?: string, port?: number, maxConnections?: number }} [options] port 0: a free one
 */
export async function startDatabase({ dataDir, port = 54322, maxConnections = 16 } = {}) {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const applied = await migrate({
    exec: (sql) => db.exec(sql),
    query: async (sql, params) => /** @type {Record<string, unknown>[]} */ ((await db.query(sql, params)).rows),
  });
  /** @type {PGLiteSocketServer | null} */
  let server = keepExtendedQueriesWhole(new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections }));
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
        server = keepExtendedQueriesWhole(new PGLiteSocketServer({ db, port: actualPort, host: "127.0.0.1", maxConnections }));
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
