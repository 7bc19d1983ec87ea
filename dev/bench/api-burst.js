// Bursts of the largest requests, against the function under Deno with its heap held to Supabase's
// 256 MB: 16 posts of five photos at once from one address, then 16 at once from 16 addresses, and
// meanwhile one plain request from another visitor. What the function holds is bounded (admission.ts):
// the report gives its peak memory above idle over both, the answers each burst got, and the other
// visitor's answer.
import { startDatabase } from "../local/database.js";
import { localFunctionEnv } from "../local/function-env.js";
import { runFunction } from "../local/functions.js";
import { startSmtp } from "../local/mail-server.js";
import { startPostgres15 } from "../local/postgres15.js";
import { LARGEST, SUPABASE_MEMORY_MB, largePhoto, peakMemoryMb, residentMemoryMb } from "./api-load.js";

/** A burst's size: the posts sent at once. */
const BURST = 16;
const SITE = "http://localhost:8080";
const FIELDS = { name: "Jens Hansen", phone: "12345678", location: "Køge", message: "Billeder af eltavlen." };

/**
 * Runs the burst on `database` ("pglite" or "postgres15") and returns the report; the rate limits are the
 * function's defaults, as a stranger meets them.
 * @param {{ database?: "pglite" | "postgres15" }} [options]
 */
export async function runPhotoBurst({ database: kind = "pglite" } = {}) {
  const database = kind === "postgres15" ? await startPostgres15() : { ...(await startDatabase({ port: 0 })), poolMax: 1, name: "PGlite" };
  const smtp = await startSmtp({ smtpPort: 0 });
  const fn = await runFunction(
    "send-contact-email",
    localFunctionEnv(
      { databaseUrl: database.url, smtpUrl: `smtp://127.0.0.1:${smtp.port}`, siteUrl: SITE, poolMax: database.poolMax },
      { DENO_V8_FLAGS: `--max-old-space-size=${SUPABASE_MEMORY_MB}` },
    ),
  );
  const url = `http://127.0.0.1:${fn.port}/send-contact-email`;
  const photo = await largePhoto(LARGEST.bytes);
  const post = (/** @type {number} */ n, /** @type {string} */ ip) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...FIELDS, email: `kunde${n}@example.dk` })) form.set(name, value);
    for (let i = 1; i <= LARGEST.photos; i++) form.append("photos", new Blob([Uint8Array.from(photo)]), `eltavle-${i}.jpg`);
    return fetch(url, { method: "POST", redirect: "manual", headers: { origin: SITE, "x-forwarded-for": ip }, body: form });
  };
  const pid = fn.pid ?? 0;
  // The idle figure once the function has served one plain request (its code loaded), as the burst finds it.
  const plain = (/** @type {string} */ ip) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ ...FIELDS, email: `anden-${ip}@example.dk`, elapsedMs: 60_000 }),
    });
  await (await plain("10.77.0.1")).arrayBuffer();
  const idleMb = residentMemoryMb(pid);
  /** The answers to BURST posts at once from the addresses `ip(n)` gives, by answer. */
  const burst = async (/** @type {(n: number) => string} */ ip) => {
    /** @type {Record<string, number>} */
    const answers = {};
    const posts = Array.from({ length: BURST }, async (_, n) => {
      const response = await post(n, ip(n));
      await response.arrayBuffer();
      const answer = response.headers.get("location")?.replace(SITE, "") ?? String(response.status);
      answers[answer] = (answers[answer] ?? 0) + 1;
    });
    return { posts, answers };
  };
  const fromOne = await burst(() => "10.66.0.1");
  await Promise.all(fromOne.posts);
  const fromMany = await burst((n) => `10.67.0.${n + 1}`);
  const other = await plain("10.77.0.2");
  await other.arrayBuffer();
  await Promise.all(fromMany.posts);
  const peakMb = peakMemoryMb(pid);
  await fn.stop();
  await smtp.stop();
  await database.stop();
  return {
    date: new Date().toISOString(),
    database: database.name,
    burst: { posts: BURST, photosPerPost: LARGEST.photos, bytesPerPost: LARGEST.photos * LARGEST.bytes },
    answersFromOneAddress: fromOne.answers,
    answersFromManyAddresses: fromMany.answers,
    otherVisitorStatus: other.status,
    denoMemoryMb: {
      heapCap: SUPABASE_MEMORY_MB,
      idle: idleMb,
      peak: peakMb,
      peakAboveIdle: peakMb - idleMb,
      goalAboveIdle: SUPABASE_MEMORY_MB,
    },
  };
}
