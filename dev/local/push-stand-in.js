// A STAND-IN for a browser's push service (RFC 8030), where the outbox's `push` channel sends each new
// lead (supabase/functions/_shared/web-push.ts): nothing on this machine is one, and a browser's own
// (Google's, Mozilla's, Apple's) cannot be reached from a test. It takes a push as a real one does: a
// POST to a live endpoint with a VAPID signature (RFC 8292) that verifies with the key it names, for this
// origin and not expired, an aes128gcm body and a TTL; 410 for an endpoint that is gone. It keeps every
// push it accepted, in memory and, with `dir`, as a JSON file the local inbox page lists. A subscription
// it hands out itself (`subscribe()`, or POST /subscribe) comes with keys it keeps, so it can also read
// what was sent there (RFC 8291) and the inbox page shows it as the phone would.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { closeServer, listen } from "./servers.js";

/**
 * @typedef {{ at: string, endpoint: string, bytes: number, ttl: string, topic: string | null, body: string, message: unknown | null }} StandInPush
 *   `body` in base64; `message` what it said, when the stand-in holds the subscription's keys
 * @typedef {{ endpoint: string, expirationTime: null, keys: { p256dh: string, auth: string } }} SubscriptionJson
 */

/**
 * Reads a push body (RFC 8291, one aes128gcm record) with the device's keys: its ECDH key pair and its auth secret.
 * @param {Buffer} body
 * @param {import("node:crypto").ECDH} device
 * @param {Buffer} auth
 * @returns {Buffer}
 */
export function decryptPush(body, device, auth) {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.computeSecret(senderPublic);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), device.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, auth, info, 32));
  const key = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("not the last record: the delimiter is not 2");
  return padded.subarray(0, end);
}

/** A device of the tests' or the stand-in's own: a key pair and an auth secret, as a browser makes them. */
export function newDeviceKeys() {
  const device = createECDH("prime256v1");
  device.generateKeys();
  const auth = randomBytes(16);
  return { device, auth, keys: { p256dh: device.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
}

/**
 * What is wrong with a push's VAPID signature for `origin`, or null (RFC 8292: "vapid t=<jwt>, k=<key>").
 * @param {string | undefined} header
 * @param {string} origin
 */
function vapidProblem(header, origin) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? "");
  if (!match) return "no VAPID Authorization header";
  const [input, signature] = [match[1].split(".").slice(0, 2).join("."), match[1].split(".")[2]];
  const raw = Buffer.from(match[2], "base64url");
  if (raw.length !== 65 || raw[0] !== 4) return "k is not an uncompressed P-256 key";
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") },
    format: "jwk",
  });
  if (!verify("sha256", Buffer.from(input), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url")))
    return "the signature does not verify with k";
  const claims = JSON.parse(Buffer.from(input.split(".")[1], "base64url").toString("utf8"));
  const now = Date.now() / 1000;
  if (claims.aud !== origin) return `aud is not ${origin}`;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return "exp is past or more than 24 hours ahead";
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) return "sub is no mailto: or https: contact";
  return null;
}

/**
 * Starts the stand-in on `port` (0: a free one).
 * @param {{ port?: number, dir?: string }} [options]
 */
export async function startPushStandIn({ port = 0, dir } = {}) {
  if (dir) await mkdir(dir, { recursive: true });
  /** @type {StandInPush[]} */
  const pushes = [];
  /** @type {string[]} pushes it refused, with the reason (a test expects none) */
  const refused = [];
  /** @type {Map<string, { device: import("node:crypto").ECDH, auth: Buffer } | null>} live endpoints' tokens, with keys when it holds them */
  const live = new Map();
  let counter = 0;
  let origin = "";

  /** A live endpoint; its device's keys kept when given. @param {{ device: import("node:crypto").ECDH, auth: Buffer } | null} keys */
  const open = (keys) => {
    const token = randomBytes(12).toString("base64url");
    live.set(token, keys);
    return `${origin}/push/${token}`;
  };
  /** A whole subscription whose keys the stand-in keeps, so it can show what arrives. @returns {SubscriptionJson} */
  const subscribe = () => {
    const { device, auth, keys } = newDeviceKeys();
    return { endpoint: open({ device, auth }), expirationTime: null, keys };
  };

  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const path = request.url ?? "/";
    if (request.method === "POST" && path === "/subscribe") {
      response.writeHead(201, { "Content-Type": "application/json" }).end(JSON.stringify(subscribe()));
      return;
    }
    const token = /^\/push\/([\w-]+)$/.exec(path)?.[1];
    if (request.method !== "POST" || !token) return void response.writeHead(404).end();
    if (!live.has(token)) return void response.writeHead(410).end();
    const problem =
      vapidProblem(request.headers.authorization, origin) ??
      (request.headers["content-encoding"] !== "aes128gcm" ? "Content-Encoding is not aes128gcm" : null) ??
      (!/^\d+$/.test(String(request.headers.ttl ?? "")) ? "no TTL" : null);
    if (problem) {
      refused.push(problem);
      response.writeHead(problem.startsWith("no VAPID") || problem.includes("signature") ? 401 : 400).end(problem);
      return;
    }
    const keys = live.get(token);
    /** @type {unknown} */
    let message = null;
    if (keys) {
      try {
        message = JSON.parse(decryptPush(body, keys.device, keys.auth).toString("utf8"));
      } catch {
        message = { error: "could not be read with the subscription's keys" };
      }
    }
    /** @type {StandInPush} */
    const push = {
      at: new Date().toISOString(),
      endpoint: `${origin}${path}`,
      bytes: body.length,
      ttl: String(request.headers.ttl),
      topic: typeof request.headers.topic === "string" ? request.headers.topic : null,
      body: body.toString("base64"),
      message,
    };
    pushes.push(push);
    if (dir) await writeFile(join(dir, `${Date.now()}-${String(++counter).padStart(4, "0")}.json`), JSON.stringify(push, null, 2));
    response.writeHead(201, { Location: `${origin}/message/${counter}` }).end();
  });
  const boundPort = await listen(server, port, "127.0.0.1");
  origin = `http://127.0.0.1:${boundPort}`;
  return {
    url: origin,
    /** Every push accepted, oldest first. */
    pushes,
    refused,
    /** A live endpoint for a device whose keys the caller made (the tests). */
    endpoint: () => open(null),
    subscribe,
    /** Makes an endpoint gone, as a push service does once a browser unsubscribes: 410 from now on. @param {string} endpoint */
    gone: (endpoint) => live.delete(endpoint.split("/").at(-1) ?? ""),
    stop: () => closeServer(server),
  };
}
