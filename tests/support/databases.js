// The Postgres servers the backend tests run against: a real PostgreSQL 15 cluster from Debian's
// binaries in a throwaway folder (what Supabase runs), which every backend concern runs on, and PGlite
// (what `npm start` uses) for a case where it behaves differently in a way the local stack relies on
// (tests/README.md, "The two databases"). Both get the Supabase roles and the migrations.
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { startDatabase } from "../../dev/local/database.js";
import { startPostgres15 as startCluster } from "../../dev/local/postgres15.js";

/**
 * A fresh, migrated PostgreSQL 15 cluster (dev/local/postgres15.js) in the run's folder (./postgres15-clusters.js).
 * @param {Omit<Parameters<typeof startCluster>[0], "folder">} [options]
 */
export const startPostgres15 = (options = {}) => startCluster({ ...options, folder: inject("postgres15Folder") });

/** @typedef {import("../../dev/local/postgres15.js").DatabaseHandle} TestDatabase */

/**
 * A migrated PostgreSQL 15 database and a client on it, for the tests of the file or describe block it is
 * called in: started before them (then `seed(sql)`), stopped after. Read `database` and `sql` inside a test.
 * @param {(sql: import("postgres").Sql) => Promise<unknown>} [seed]
 */
export function withPostgres15(seed = async () => {}) {
  const context = {
    /** @type {TestDatabase} */ database: /** @type {any} */ (null),
    /** @type {import("postgres").Sql} */ sql: /** @type {any} */ (null),
  };
  beforeAll(async () => {
    context.database = await startPostgres15();
    context.sql = postgres(context.database.url, { prepare: false, max: 1, onnotice: () => {} });
    await seed(context.sql);
  });
  afterAll(async () => {
    await context.sql?.end({ timeout: 1 });
    await context.database?.stop();
  });
  return context;
}

const cannotHang = async () => {
  throw new Error("PGlite runs in this process and cannot be made to hang: test a hung database on PostgreSQL 15");
};

/**
 * PGlite in memory behind its socket server on a free port.
 * @returns {Promise<TestDatabase>}
 */
export async function startPglite() {
  const database = await startDatabase({ port: 0 });
  return {
    name: "PGlite",
    url: database.url,
    // One connection: PGlite's socket server multiplexes one session (see store.ts).
    poolMax: 1,
    pause: database.pause,
    resume: database.resume,
    freeze: cannotHang,
    thaw: cannotHang,
    stop: database.stop,
  };
}
