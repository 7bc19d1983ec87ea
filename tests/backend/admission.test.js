// A post is admitted before a byte of its body is read (supabase/functions/_shared/admission.ts), so the
// memory an instance holds is bounded by design. Before, the whole body (up to 15 MB of photos) was read,
// stripped and encoded for Postgres before any limit applied: 16 posts of five photos from one client
// grew the function by 650-770 MB, while Supabase stops a worker at 256 MB. Under Deno as deployed,
// against PostgreSQL 15. Each refusal here is shown to come before the body: the body of the refused
// post is left unfinished, and the answer arrives all the same.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PHOTO_BODIES_IN_FLIGHT, PHOTO_BODIES_PER_CLIENT, PHOTO_BODIES_WAITING } from "../../supabase/functions/_shared/admission.ts";
import { startPostgres15 } from "../support/databases.js";
import { SITE_URL, startBackend } from "../support/function.js";
import { gpsJpeg } from "../support/photo-fixtures.js";
import { VALID } from "./function-suite.js";

/** The widget's post with one photo (it asks for JSON answers), as the bytes a browser sends and their Content-Type. */
async function photoPost(/** @type {Uint8Array} */ photo, email = VALID.email) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...VALID, email, elapsedMs: "60000" })) form.set(name, value);
  form.append("photos", new Blob([Uint8Array.from(photo)]), "eltavle.jpg");
  const encoded = new Response(form);
  return { type: encoded.headers.get("content-type") ?? "", bytes: Buffer.from(await encoded.arrayBuffer()) };
}

/**
 * A post whose body is sent only in part: `answered` resolves with the status and headers when the
 * function answers, whether or not the rest was sent; `reading` once the function has begun to read the
 * body (it asks for it with "100 Continue", which Deno's server sends when the handler first reads);
 * `finish()` sends the rest.
 * @param {string} url
 * @param {string} ip
 * @param {{ type: string, bytes: Buffer }} body
 */
function unfinishedPost(url, ip, body) {
  const { port, pathname } = new URL(url);
  /** @type {import("node:http").ClientRequest} */
  let request;
  /** @type {Promise<{ status: number | undefined, headers: import("node:http").IncomingHttpHeaders }>} */
  /** @type {() => void} */
  let begun = () => {};
  const reading = new Promise((resolve) => {
    begun = () => resolve(undefined);
  });
  const answered = new Promise((resolve, reject) => {
    request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method: "POST",
        headers: {
          "Content-Type": body.type,
          "Content-Length": String(body.bytes.length),
          Origin: SITE_URL,
          "X-Forwarded-For": ip,
          Accept: "application/json",
          Expect: "100-continue",
        },
      },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode, headers: response.headers });
      },
    );
    // A refused post's socket is closed by the function with the rest of the body unsent: expected here.
    request.on("error", (error) => (/** @type {NodeJS.ErrnoException} */ (error).code === "ECONNRESET" ? undefined : reject(error)));
    request.on("continue", () => {
      request.write(body.bytes.subarray(0, body.bytes.length / 2));
      begun();
    });
  });
  return {
    answered,
    reading,
    finish: () => reading.then(() => request.end(body.bytes.subarray(body.bytes.length / 2))),
    abort: () => request.destroy(),
  };
}

describe("admission before the body, under Deno against PostgreSQL 15", () => {
  /** @type {Awaited<ReturnType<typeof startBackend>>} */
  let backend;
  /** @type {{ type: string, bytes: Buffer }} */
  let withPhoto;
  let client = 0;
  const nextIp = () => `10.9.0.${++client}`;
  beforeAll(async () => {
    backend = await startBackend(startPostgres15, { runtime: "deno" });
    withPhoto = await photoPost(await gpsJpeg());
  }, 60_000);
  afterAll(() => backend?.stop());
  beforeEach(async () => {
    await backend.settled();
    await backend.sql`delete from quote_requests`;
  });

  const postJson = (/** @type {string} */ ip, /** @type {string} */ email = VALID.email) =>
    fetch(backend.functions.submitUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_URL, "X-Forwarded-For": ip },
      body: JSON.stringify({ ...VALID, email, elapsedMs: 60_000 }),
    });

  /** How many times a body with photos has waited for a place so far (the function logs each). */
  const waited = () =>
    backend.functions.output
      .join("")
      .split("\n")
      .filter((line) => line.includes('"photo_body_waiting"')).length;
  /** Resolves once `count` bodies with photos have waited in all. */
  const waitingLogged = (/** @type {number} */ count) => expect.poll(waited).toBeGreaterThanOrEqual(count);

  it("reads a few bodies with photos at a time, lets a few wait unread, answers the rest 503; plain posts still pass", async () => {
    const waitedBefore = waited();
    const reading = Array.from({ length: PHOTO_BODIES_IN_FLIGHT }, () => unfinishedPost(backend.functions.submitUrl, nextIp(), withPhoto));
    // The function reads each of them, and none is answered before its body is whole.
    await Promise.all(reading.map((post) => post.reading));
    // The next ones wait for a place without being read...
    const queued = Array.from({ length: PHOTO_BODIES_WAITING }, () => unfinishedPost(backend.functions.submitUrl, nextIp(), withPhoto));
    await waitingLogged(waitedBefore + PHOTO_BODIES_WAITING);
    // ...and one more is answered 503 with Retry-After, unread.
    const more = unfinishedPost(backend.functions.submitUrl, nextIp(), withPhoto);
    const refused = await more.answered;
    more.abort();
    expect(refused.status).toBe(503);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // A plain request from someone else is read and stored meanwhile.
    expect((await postJson(nextIp(), "anden@example.dk")).status).toBe(200);
    // As places come free, the waiting bodies are read in turn, and every one is stored.
    for (const post of [...reading, ...queued]) post.finish();
    const answers = await Promise.all([...reading, ...queued].map((post) => post.answered));
    expect(answers.map((answer) => answer.status)).toEqual([...reading, ...queued].map(() => 200));
    expect(await backend.sql`select count(*)::int as n from quote_requests`).toEqual([
      { n: PHOTO_BODIES_IN_FLIGHT + PHOTO_BODIES_WAITING + 1 },
    ]);
  });

  it("takes at most a few bodies with photos from one client at a time: the next is answered 429 unread", async () => {
    const ip = nextIp();
    const waitedBefore = waited();
    // Some are read, then the rest wait for a place: all are taken.
    const read = Array.from({ length: PHOTO_BODIES_IN_FLIGHT }, () => unfinishedPost(backend.functions.submitUrl, ip, withPhoto));
    await Promise.all(read.map((post) => post.reading));
    const queued = Array.from({ length: PHOTO_BODIES_PER_CLIENT - PHOTO_BODIES_IN_FLIGHT }, () =>
      unfinishedPost(backend.functions.submitUrl, ip, withPhoto),
    );
    await waitingLogged(waitedBefore + queued.length);
    const more = unfinishedPost(backend.functions.submitUrl, ip, withPhoto);
    const refused = await more.answered;
    more.abort();
    expect(refused.status).toBe(429);
    const taken = [...read, ...queued];
    for (const post of taken) post.finish();
    expect((await Promise.all(taken.map((post) => post.answered))).map((answer) => answer.status)).toEqual(taken.map(() => 200));
    expect(await backend.sql`select count(*)::int as n from quote_requests`).toEqual([{ n: PHOTO_BODIES_PER_CLIENT }]);
  });

  it("answers a client this instance stored its limit for 429 before reading its next body, but lets a retry under its key through", async () => {
    const ip = nextIp();
    // Five requests stored for the client (RATE_LIMIT_PER_CLIENT), the last under an idempotency key.
    for (let i = 0; i < 4; i++) expect((await postJson(ip, `kunde${i}@example.dk`)).status).toBe(200);
    const keyed = (/** @type {string} */ email) =>
      fetch(backend.functions.submitUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: SITE_URL, "X-Forwarded-For": ip, "Idempotency-Key": "retry-key-0005" },
        body: JSON.stringify({ ...VALID, email, elapsedMs: 60_000 }),
      });
    const fifth = await (await keyed("kunde4@example.dk")).json();
    const more = unfinishedPost(backend.functions.submitUrl, ip, withPhoto);
    const refused = await more.answered;
    more.abort();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    // The widget's retry after a lost answer: the database answers it with the stored request.
    const retried = await keyed("kunde4@example.dk");
    expect([retried.status, (await retried.json()).id]).toEqual([200, fifth.id]);
    expect(await backend.sql`select count(*)::int as n from quote_requests`).toEqual([{ n: 5 }]);
  });
});

describe("admission while the database hangs, under Deno against PostgreSQL 15", () => {
  /** @type {Awaited<ReturnType<typeof startBackend>>} */
  let backend;
  /** @type {{ type: string, bytes: Buffer }} */
  let withPhoto;
  beforeAll(async () => {
    // One connection: the submission waits on it while the database hangs, rather than opening another
    // (whose connect timeout would settle it) when the last request's background work still holds one.
    backend = await startBackend(startPostgres15, { runtime: "deno", env: { REQUEST_DEADLINE_MS: "2000", DB_POOL_MAX: "1" } });
    withPhoto = await photoPost(await gpsJpeg());
  }, 60_000);
  afterAll(async () => {
    await backend?.database.thaw();
    await backend?.stop();
  });

  it("keeps a body's place until the database call holding its photos settles, not only until the 503", async () => {
    const waited = () =>
      backend.functions.output
        .join("")
        .split("\n")
        .filter((line) => line.includes('"photo_body_waiting"')).length;
    // A connection open in the pool first: a query on it hangs until the database answers again.
    const warm = await fetch(backend.functions.submitUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_URL, "X-Forwarded-For": "10.9.1.0" },
      body: JSON.stringify({ ...VALID, elapsedMs: 60_000 }),
    });
    expect(warm.status).toBe(200);
    await backend.settled();
    await backend.database.freeze();
    const hung = unfinishedPost(backend.functions.submitUrl, "10.9.1.1", withPhoto);
    await hung.finish();
    expect((await hung.answered).status).toBe(503);
    // The call is still pending and holds the photos: the next body waits for its place, unread.
    const next = unfinishedPost(backend.functions.submitUrl, "10.9.1.2", withPhoto);
    await expect.poll(waited).toBe(1);
    await backend.database.thaw();
    await next.finish();
    expect((await next.answered).status).toBe(200);
  });
});
