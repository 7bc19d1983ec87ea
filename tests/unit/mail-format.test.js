// The firm's e-mail in Danish time (supabase/functions/_shared/mail.ts).
import { describe, expect, it } from "vitest";
import { receivedInDanish } from "../../supabase/functions/_shared/mail.ts";

describe("receivedInDanish", () => {
  it("writes Copenhagen time the Danish way, in winter and in summer time (issue 10)", () => {
    expect(receivedInDanish(new Date("2026-11-22T10:25:00Z"))).toBe("22. november 2026 kl. 11.25");
    expect(receivedInDanish(new Date("2026-07-01T06:05:00Z"))).toBe("1. juli 2026 kl. 08.05");
    expect(receivedInDanish(new Date("2026-12-31T23:30:00Z"))).toBe("1. januar 2027 kl. 00.30");
  });
});
