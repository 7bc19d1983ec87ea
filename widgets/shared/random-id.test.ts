// Idempotency keys on a plain-http partner page, where crypto.randomUUID() does not exist.
import { afterEach, describe, expect, it, vi } from "vitest";
import { randomId } from "./random-id.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe("randomId", () => {
  it("gives version 4 UUIDs, all different, where crypto.randomUUID is missing (an insecure context)", () => {
    vi.stubGlobal("crypto", { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const ids = Array.from({ length: 1000 }, randomId);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives version 4 UUIDs in a secure context too", () => {
    expect(randomId()).toMatch(UUID_V4);
  });
});
