// A burst of the largest requests from one client, against the function under Deno with its heap held
// to Supabase's 256 MB: 16 posts of five photos at once from one address, and meanwhile one plain
// request from another visitor. What the function reads is bounded before it reads (admission.ts): the
// report gives its peak memory above idle, the answers the burst got, and the other visitor's answer.
import { startDatabase } from "../local/database.js";
import { localFunctionEnv } from "../local/function-env.js";
import { runFunction } from "../local/functions.js";
import { startSmtp } from "../local/mail-server.js";
import { startPostgres15 } from "../local/postgres15.js";
import { LARGEST, SUPABASE_MEMORY_MB, largePhoto, peakMemoryMb, residentMemoryMb } from "./api-load.js";

/** The burst's size: the posts one client sends at once. */
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
  const post = (/** @type {number} */ n) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...FIELDS, email: `kunde${n}@example.dk` })) form.set(name, value);
    for (let i = 1; i <= LARGEST.photos; i++) form.append("photos", new Blob([Uint8Array.from(photo)]), `eltavle-${i}.jpg`);
    return fetch(url, { method: "POST", redirect: "manual", headers: { origin: SITE, "x-forwarded-for": "10.66.0.1" }, body: form });
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
  /** @type {Record<string, number>} */
  const burstAnswers = {};
  const burst = Array.from({ length: BURST }, async (_, n) => {
    const response = await post(n);
    await response.arrayBuffer();
    const answer = response.headers.get("location")?.replace(SITE, "") ?? String(response.status);
    burstAnswers[answer] = (burstAnswers[answer] ?? 0) + 1;
  });
  const other = await plain("10.77.0.2");
  await other.arrayBuffer();
  await Promise.all(burst);
  const peakMb = peakMemoryMb(pid);
  await fn.stop();
  await smtp.stop();
  await database.stop();
  return {
    date: new Date().toISOString(),
    database: database.name,
    burst: { posts: BURST, photosPerPost: LARGEST.photos, bytesPerPost: LARGEST.photos * LARGEST.bytes, answers: burstAnswers },
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
