// What an instance reads and holds (supabase/functions/_shared/admission.ts), so that its memory is
// bounded by design and no client holds what others need. Under Deno as deployed, against PostgreSQL 15.
// Before admission, the whole body (up to 15 MB of photos) was read, stripped and encoded for Postgres
// before any limit applied: 16 posts of five photos from one client grew the function by 650-770 MB,
// while Supabase stops a worker at 256 MB. Then the one place to read a body with photos was taken
// before its body was read: one connection that sent a byte every 2 seconds kept every customer's
// photos out for two minutes (503), however often it was renewed. A refusal shown here to come before
// or during the body leaves the body of the refused post unfinished, and the answer arrives all the same.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { largePhoto } from "../../dev/bench/api-load.js";
import { PHOTO_BODIES_PER_CLIENT, PHOTO_BYTES_HELD } from "../../supabase/functions/_shared/admission.ts";
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
 * body (it asks for it with "100 Continue", which Deno's server sends when the handler first reads) and
 * the first `part` bytes were written (half unless said); `finish()` sends the rest; `dribble(ms)` sends
 * the rest one byte every `ms` instead, as a slow-body attack does.
 * @param {string} url
 * @param {string} ip
 * @param {{ type: string, bytes: Buffer }} body
 * @param {number} [part]
 */
function unfinishedPost(url, ip, body, part = Math.floor(body.bytes.length / 2)) {
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
      request.write(body.bytes.subarray(0, part), () => begun());
    });
  });
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let dribbling;
  return {
    answered,
    reading,
    finish: () => reading.then(() => request.end(body.bytes.subarray(part))),
    dribble: (/** @type {number} */ ms) =>
      reading.then(() => {
        let at = part;
        dribbling = setInterval(() => (at < body.bytes.length - 1 ? request.write(body.bytes.subarray(at, ++at)) : undefined), ms);
      }),
    abort: () => {
      clearInterval(dribbling);
      request.destroy();
    },
  };
}

/** Whether `promise` has settled by the time the promises already queued have run. */
const settledYet = (/** @type {Promise<unknown>} */ promise) =>
  Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise((resolve) => setTimeout(() => resolve(false), 0)),
  ]);

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

  it("lets a body that dribbles hold only what it sent: a customer's photos are stored meanwhile", async () => {
    // Three addresses, each with as many slow bodies as a client may have: one byte every 2 seconds.
    const slow = ["10.9.5.1", "10.9.5.2", "10.9.5.3"].flatMap((ip) =>
      Array.from({ length: PHOTO_BODIES_PER_CLIENT }, () => unfinishedPost(backend.functions.submitUrl, ip, withPhoto, 200)),
    );
    try {
      await Promise.all(slow.map((post) => post.dribble(2_000)));
      // A customer's widget post with a photo is read and stored beside them...
      const form = await fetch(backend.functions.submitUrl, {
        method: "POST",
        headers: { "Content-Type": withPhoto.type, Origin: SITE_URL, "X-Forwarded-For": nextIp(), Accept: "application/json" },
        body: Uint8Array.from(withPhoto.bytes),
      });
      expect(form.status).toBe(200);
      // ...while every slow body is still arriving, unanswered.
      expect(await Promise.all(slow.map((post) => settledYet(post.answered)))).toEqual(slow.map(() => false));
      expect(await backend.sql`select count(*)::int as n from quote_requests`).toEqual([{ n: 1 }]);
    } finally {
      for (const post of slow) post.abort();
    }
  });

  it("answers 503 to a body whose bytes do not fit beside the others' as it arrives; the ones that fit are stored", async () => {
    // Bodies of one 7.5 MB photo each, the first 7 MB sent: four fit in what an instance holds, five do not.
    const large = await photoPost(await largePhoto(7_500_000));
    const sent = 7_000_000;
    const fit = Math.floor(PHOTO_BYTES_HELD / sent);
    const posts = Array.from({ length: fit + 1 }, () => unfinishedPost(backend.functions.submitUrl, nextIp(), large, sent));
    // Whichever chunk does not fit ends its body, which is answered before the rest of it is sent.
    const refused = await Promise.race(posts.map((post, index) => post.answered.then((answer) => ({ answer, index }))));
    expect(refused.answer.status).toBe(503);
    expect(Number(refused.answer.headers["retry-after"])).toBeGreaterThan(0);
    posts[refused.index].abort();
    const rest = posts.filter((_, index) => index !== refused.index);
    // The others go on arriving, and are stored one after the other.
    for (const post of rest) post.finish();
    expect((await Promise.all(rest.map((post) => post.answered))).map((answer) => answer.status)).toEqual(rest.map(() => 200));
    expect(await backend.sql`select count(*)::int as n from quote_requests`).toEqual([{ n: fit }]);
  });

  it("takes at most a few bodies with photos from one client at a time: the next is answered 429 unread", async () => {
    const ip = nextIp();
    const taken = Array.from({ length: PHOTO_BODIES_PER_CLIENT }, () => unfinishedPost(backend.functions.submitUrl, ip, withPhoto));
    await Promise.all(taken.map((post) => post.reading));
    const more = unfinishedPost(backend.functions.submitUrl, ip, withPhoto);
    const refused = await more.answered;
    more.abort();
    expect(refused.status).toBe(429);
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

  it("keeps a body's turn until the database call holding its photos settles, not only until the 503", async () => {
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
    // The call is still pending and holds the photos: the next body arrives whole and waits its turn.
    const next = unfinishedPost(backend.functions.submitUrl, "10.9.1.2", withPhoto);
    await next.finish();
    await expect.poll(waited).toBe(1);
    expect(await settledYet(next.answered)).toBe(false);
    await backend.database.thaw();
    expect((await next.answered).status).toBe(200);
  });
});
