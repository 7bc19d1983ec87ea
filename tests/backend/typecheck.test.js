// The functions deploy as TypeScript to Supabase's Deno: they must pass Deno's own type check.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { FUNCTIONS } from "../../dev/local/stack.js";

const deno = createRequire(import.meta.url)("deno/install_api.cjs").runInstall();

describe("the Edge Functions", () => {
  it("pass deno check", async () => {
    const entries = FUNCTIONS.map((name) => `supabase/functions/${name}/index.ts`);
    const { stderr } = await promisify(execFile)(deno, ["check", ...entries], { env: { ...process.env, NO_COLOR: "1" } }).catch((error) => error);
    expect(stderr).not.toMatch(/error/i);
  });
});
