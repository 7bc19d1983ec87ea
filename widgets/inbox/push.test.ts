// The VAPID key as the backend gives it (base64url, no padding) to the bytes PushManager.subscribe takes.
import { describe, expect, it } from "vitest";
import { keyBytes } from "./push.ts";

describe("the push key", () => {
  it("reads base64url without padding, '-' and '_' included", () => {
    const bytes = Uint8Array.from([0x04, 0xfb, 0xff, 0x3e, 0x10]);
    const base64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(base64url).toMatch(/[-_]/);
    expect(keyBytes(base64url)).toEqual(bytes);
  });
});
