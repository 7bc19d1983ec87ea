// The backend's PostgreSQL 15 clusters (support/databases.js): each a copy of one migrated cluster the
// worker keeps in the run's folder in memory, so what one test writes no other cluster sees, and a
// cluster is as migrated as one made by initdb and the migrations.
import { readdirSync } from "node:fs";
import { readdir } from "node:fs/promises";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startPostgres15 } from "../support/databases.js";

const MIGRATIONS = new URL("../../supabase/migrations/", import.meta.url);

describe("the backend's PostgreSQL 15 clusters", () => {
  /** @type {Awaited<ReturnType<typeof startPostgres15>>[]} */
  const clusters = [];
  /** @type {import("postgres").Sql[]} */
  const clients = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      clusters.push(await startPostgres15());
      clients.push(postgres(clusters[i].url, { max: 1, onnotice: () => {} }));
    }
  });
  afterAll(async () => {
    for (const client of clients) await client.end({ timeout: 1 });
    for (const cluster of clusters) await cluster.stop();
  });

  it("are made in the run's folder, in memory where the machine has it, from one template per worker", () => {
    const folder = inject("postgres15Folder");
    if (readdirSync("/dev").includes("shm")) expect(folder.startsWith("/dev/shm/")).toBe(true);
    expect(readdirSync(folder)).toContain(`template-${process.pid}`);
  });

  it("each have every migration, and what one writes the other does not see", async () => {
    const files = (await readdir(MIGRATIONS)).filter((name) => name.endsWith(".sql"));
    for (const client of clients) {
      const [{ count }] = await client`select count(*)::int as count from supabase_migrations.schema_migrations`;
      expect(count).toBe(files.length);
    }
    await clients[0]`create table public.only_here (id int)`;
    const [{ found }] = await clients[1]`select to_regclass('public.only_here') is not null as found`;
    expect(found).toBe(false);
    const third = await startPostgres15();
    try {
      const sql = postgres(third.url, { max: 1, onnotice: () => {} });
      const [{ found: inCopy }] = await sql`select to_regclass('public.only_here') is not null as found`;
      await sql.end({ timeout: 1 });
      expect(inCopy).toBe(false);
    } finally {
      await third.stop();
    }
  });
});
