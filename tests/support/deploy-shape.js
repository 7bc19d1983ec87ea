// The deploy's view of the repository: `supabase functions deploy` uploads supabase/ alone, and each
// function resolves its imports from its own folder (its deno.json and deno.lock), never from the
// repository's node_modules. These helpers copy supabase/ and nothing else, and run Deno there.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DENO } from "../../dev/local/functions.js";

const SUPABASE_DIR = fileURLToPath(new URL("../../supabase/", import.meta.url));

/** Copies supabase/ alone into an empty folder; returns its functions folder and a remover. */
export function copySupabaseAlone() {
  const root = mkdtempSync(join(tmpdir(), "supabase-alone-"));
  cpSync(SUPABASE_DIR, join(root, "supabase"), { recursive: true });
  return { functionsDir: join(root, "supabase", "functions"), remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** The functions in a functions folder: every folder with an index.ts (_shared has none). */
export const functionNames = (/** @type {string} */ functionsDir) =>
  readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(functionsDir, entry.name, "index.ts")))
    .map((entry) => entry.name);

/**
 * `deno check --frozen index.ts` inside one function's folder, as the deploy resolves it.
 * @returns {Promise<{ ok: boolean, output: string }>}
 */
export const checkFunction = (/** @type {string} */ functionDir) =>
  new Promise((resolve) => {
    execFile(
      DENO,
      ["check", "--frozen", "index.ts"],
      { cwd: functionDir, env: { ...process.env, NO_COLOR: "1" } },
      (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}` }),
    );
  });
