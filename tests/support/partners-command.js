// Runs the firm's partner command (`npm run partners`, scripts/partners.js) against a test database, as
// the firm does against SUPABASE_DB_URL.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(new URL("../../scripts/partners.js", import.meta.url));

/**
 * `node scripts/partners.js ...args` with SUPABASE_DB_URL set to `databaseUrl`; resolves with its exit
 * code and output whatever the code.
 * @param {string} databaseUrl
 * @param {string[]} args
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function runPartners(databaseUrl, args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { env: { ...process.env, SUPABASE_DB_URL: databaseUrl } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * Registers a partner with the command; throws with its output if the command refuses.
 * @param {string} databaseUrl
 * @param {{ id: string, name: string, origin: string }} partner
 */
export async function registerPartner(databaseUrl, { id, name, origin }) {
  const result = await runPartners(databaseUrl, ["add", id, name, origin]);
  if (result.code !== 0) throw new Error(`npm run partners -- add ${id} failed (${result.code}): ${result.stderr}${result.stdout}`);
  return result;
}
