// The Web Push message of supabase/functions/_shared/web-push.ts, with WebCrypto here as in Deno: the
// VAPID secrets are all three or none and well formed (a 31-byte private key, which a careless export
// gives one time in a hundred, is refused at start); a message encrypted for a device opens with that
// device's keys alone (RFC 8291); the VAPID signature verifies with the public key it names (RFC 8292).
import { createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LOCAL_SECRETS } from "../../dev/local/function-env.js";
import { decryptPush, newDeviceKeys } from "../../dev/local/push-stand-in.js";
import { encryptForDevice, vapidAuthorization, vapidSettings } from "../../supabase/functions/_shared/web-push.ts";

const VAPID = {
  VAPID_PUBLIC_KEY: LOCAL_SECRETS.VAPID_PUBLIC_KEY,
  VAPID_PRIVATE_KEY: LOCAL_SECRETS.VAPID_PRIVATE_KEY,
  VAPID_SUBJECT: LOCAL_SECRETS.VAPID_SUBJECT,
};

describe("Web Push", () => {
  it("takes the VAPID secrets all three or none, each well formed", () => {
    expect(vapidSettings({})).toBeUndefined();
    expect(vapidSettings(VAPID)).toEqual({
      publicKey: VAPID.VAPID_PUBLIC_KEY,
      privateKey: VAPID.VAPID_PRIVATE_KEY,
      subject: VAPID.VAPID_SUBJECT,
    });
    expect(vapidSettings({ VAPID_PUBLIC_KEY: VAPID.VAPID_PUBLIC_KEY })).toEqual([
      expect.stringMatching(/^VAPID_PRIVATE_KEY: required/),
      expect.stringMatching(/^VAPID_SUBJECT: required/),
    ]);
    const shortKey = Buffer.alloc(31, 7).toString("base64url");
    expect(vapidSettings({ ...VAPID, VAPID_PRIVATE_KEY: shortKey })).toEqual([expect.stringMatching(/^VAPID_PRIVATE_KEY: must be/)]);
    expect(vapidSettings({ ...VAPID, VAPID_SUBJECT: "kontakt@example.dk" })).toEqual([expect.stringMatching(/^VAPID_SUBJECT: must be/)]);
  });

  it("encrypts a message that the device's keys open, and no other device's", async () => {
    const device = newDeviceKeys();
    const body = Buffer.from(await encryptForDevice(new TextEncoder().encode('{"title":"Ny henvendelse"}'), device.keys));
    expect(decryptPush(body, device.device, device.auth).toString("utf8")).toBe('{"title":"Ny henvendelse"}');
    const other = newDeviceKeys();
    expect(() => decryptPush(body, other.device, other.auth)).toThrow();
  });

  it("signs for the push service's origin with the key it names", async () => {
    const header = await vapidAuthorization("https://push.example/send/abc", {
      publicKey: VAPID.VAPID_PUBLIC_KEY,
      privateKey: VAPID.VAPID_PRIVATE_KEY,
      subject: VAPID.VAPID_SUBJECT,
    });
    const [, token, key] = /^vapid t=(\S+), k=(\S+)$/.exec(header) ?? [];
    expect(key).toBe(VAPID.VAPID_PUBLIC_KEY);
    const [head, claims, signature] = token.split(".");
    expect(JSON.parse(Buffer.from(claims, "base64url").toString("utf8"))).toMatchObject({
      aud: "https://push.example",
      sub: VAPID.VAPID_SUBJECT,
    });
    const raw = Buffer.from(key, "base64url");
    const publicKey = createPublicKey({
      key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") },
      format: "jwk",
    });
    expect(
      verify(
        "sha256",
        Buffer.from(`${head}.${claims}`),
        { key: publicKey, dsaEncoding: "ieee-p1363" },
        Buffer.from(signature, "base64url"),
      ),
    ).toBe(true);
  });
});
