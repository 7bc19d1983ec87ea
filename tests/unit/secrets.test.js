// The scheduled retry's bearer token is compared without an early exit (supabase/functions/_shared/secrets.ts).
import { describe, expect, it, vi } from "vitest";
import { sameSecret } from "../../supabase/functions/_shared/secrets.ts";

const SECRET = "Bearer local-development-cron-secret";

describe("sameSecret", () => {
  it("accepts the secret and refuses a prefix, an extension, one changed character and the empty string", async () => {
    expect(await sameSecret(SECRET, SECRET)).toBe(true);
    for (const wrong of [SECRET.slice(0, -1), `${SECRET}x`, `${SECRET.slice(0, -1)}X`, "", "Bearer "])
      expect(await sameSecret(wrong, SECRET)).toBe(false);
  });

  it("compares fixed-length digests, never the strings themselves (no length or prefix timing)", async () => {
    const digest = vi.spyOn(crypto.subtle, "digest");
    await sameSecret("x", SECRET);
    await sameSecret(SECRET.slice(0, 10), SECRET);
    // Both inputs hashed every time, whatever their length: the comparison loop always runs 32 bytes.
    expect(digest).toHaveBeenCalledTimes(4);
    digest.mockRestore();
  });
});
