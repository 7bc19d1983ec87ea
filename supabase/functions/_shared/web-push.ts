// Web Push to the firm's devices, with WebCrypto alone: the message encrypted for the device (RFC 8291,
// aes128gcm: only the browser that subscribed can read it, not the push service), and the sender
// identified to the push service by a VAPID signature (RFC 8292) with the firm's key pair, whose public
// half the browser subscribed with (the inbox's `push_key`). The keys are secrets: VAPID_PUBLIC_KEY
// (the uncompressed P-256 point, 65 bytes) and VAPID_PRIVATE_KEY (32 bytes), both base64url, and
// VAPID_SUBJECT, the contact the push services may write to (mailto: or https:).

import { joinBytes } from "./photo-bytes.ts";

export type VapidSettings = { publicKey: string; privateKey: string; subject: string };
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** A push service's answer that will not change for this subscription: it is gone (RFC 8030: 404, 410). */
export const GONE_STATUSES = [404, 410];

/** How long a push service keeps a message for a device that is off: a new lead is news for an hour. */
export const PUSH_TTL_SECONDS = 3600;

const encoder = new TextEncoder();

export function fromBase64url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4)), (char) => char.charCodeAt(0));
}

export function toBase64url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const concat = (...parts: Uint8Array[]) => joinBytes(parts);

/** HKDF-SHA-256 (extract and expand) of `length` bytes. */
async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", ikm as BufferSource, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "HKDF", hash: "SHA-256", salt: salt as BufferSource, info: info as BufferSource },
      key,
      length * 8,
    ),
  );
}

/**
 * What is wrong with the VAPID secrets, or the settings: none when none is set (no pushes then), all three
 * or the reasons they are not.
 */
export function vapidSettings(env: Record<string, string | undefined>): VapidSettings | undefined | string[] {
  const named = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const;
  if (named.every((name) => !env[name])) return undefined;
  const problems = named
    .filter((name) => !env[name])
    .map((name) => `${name}: required once any VAPID_ secret is set (set all three, or none)`);
  const decoded = (name: string, length: number) => {
    try {
      return fromBase64url(env[name] ?? "").length === length;
    } catch {
      return false;
    }
  };
  if (env.VAPID_PUBLIC_KEY && (!decoded("VAPID_PUBLIC_KEY", 65) || fromBase64url(env.VAPID_PUBLIC_KEY)[0] !== 4))
    problems.push("VAPID_PUBLIC_KEY: must be the uncompressed P-256 public key, 65 bytes in base64url");
  if (env.VAPID_PRIVATE_KEY && !decoded("VAPID_PRIVATE_KEY", 32))
    problems.push("VAPID_PRIVATE_KEY: must be the P-256 private key, 32 bytes in base64url");
  if (env.VAPID_SUBJECT && !/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(env.VAPID_SUBJECT))
    problems.push("VAPID_SUBJECT: must be mailto:<the firm's address> or an https: URL");
  if (problems.length) return problems;
  return { publicKey: env.VAPID_PUBLIC_KEY as string, privateKey: env.VAPID_PRIVATE_KEY as string, subject: env.VAPID_SUBJECT as string };
}

/**
 * The payload encrypted for one device (RFC 8291, one aes128gcm record): the header (salt, record size,
 * the sender's ephemeral public key) and the ciphertext.
 */
export async function encryptForDevice(payload: Uint8Array, target: Pick<PushTarget, "p256dh" | "auth">): Promise<Uint8Array> {
  const devicePublic = fromBase64url(target.p256dh);
  const authSecret = fromBase64url(target.auth);
  const ephemeral = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const ephemeralPublic = new Uint8Array(await crypto.subtle.exportKey("raw", ephemeral.publicKey));
  const device = await crypto.subtle.importKey("raw", devicePublic as BufferSource, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: device }, ephemeral.privateKey, 256));
  const ikm = await hkdf(authSecret, shared, concat(encoder.encode("WebPush: info\0"), devicePublic, ephemeralPublic), 32);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const contentKey = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", contentKey as BufferSource, "AES-GCM", false, ["encrypt"]);
  // The last (and only) record ends with the delimiter 2, no padding.
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce as BufferSource }, key, concat(payload, new Uint8Array([2])) as BufferSource),
  );
  const recordSize = new Uint8Array(4);
  new DataView(recordSize.buffer).setUint32(0, 4096);
  return concat(salt, recordSize, new Uint8Array([ephemeralPublic.length]), ephemeralPublic, ciphertext);
}

/** The VAPID Authorization header for a push service's origin (RFC 8292): a JWT signed with the firm's key, valid 12 hours. */
export async function vapidAuthorization(endpoint: string, vapid: VapidSettings, now = Date.now()): Promise<string> {
  const publicKey = fromBase64url(vapid.publicKey);
  const key = await crypto.subtle.importKey(
    "jwk",
    {
      kty: "EC",
      crv: "P-256",
      x: toBase64url(publicKey.slice(1, 33)),
      y: toBase64url(publicKey.slice(33, 65)),
      d: vapid.privateKey,
      ext: false,
    },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const part = (value: unknown) => toBase64url(encoder.encode(JSON.stringify(value)));
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: vapid.subject };
  const input = `${part({ typ: "JWT", alg: "ES256" })}.${part(claims)}`;
  const signature = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, encoder.encode(input)));
  return `vapid t=${input}.${toBase64url(signature)}, k=${vapid.publicKey}`;
}

/**
 * Sends `message` (JSON) to one device. "gone" when its push service says the subscription is no more;
 * throws on any other refusal (the outbox tries again), with the status as its code.
 * `topic`: a push service keeps one message per topic for a device that is off (the newest).
 */
export async function sendPush(
  target: PushTarget,
  message: unknown,
  vapid: VapidSettings,
  { topic, fetcher = fetch }: { topic?: string; fetcher?: typeof fetch } = {},
): Promise<"sent" | "gone"> {
  const body = await encryptForDevice(encoder.encode(JSON.stringify(message)), target);
  const response = await fetcher(target.endpoint, {
    method: "POST",
    headers: {
      Authorization: await vapidAuthorization(target.endpoint, vapid),
      "Content-Encoding": "aes128gcm",
      "Content-Type": "application/octet-stream",
      TTL: String(PUSH_TTL_SECONDS),
      Urgency: "high",
      ...(topic ? { Topic: topic } : {}),
    },
    body: body as BodyInit,
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  if (GONE_STATUSES.includes(response.status)) return "gone";
  if (!response.ok) throw Object.assign(new Error("the push service refused"), { name: "PushError", code: `HTTP_${response.status}` });
  return "sent";
}
