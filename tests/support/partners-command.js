// Runs the firm's partner command (`npm run partners`, scripts/partners.js) against a test database, as
// the firm does against SUPABASE_DB_URL; and the lead a partner's page sends.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

/** A lead as a partner page's embed sends it (JSON, filled in at a person's pace), naming the partner. */
export const PARTNER_LEAD = Object.freeze({
  name: "Jens Hansen",
  phone: "+45 12 34 56 78",
  email: "jens.hansen@example.dk",
  location: "Køge",
  message: "Vi skal have skiftet eltavlen i vores villa fra 1972.",
  elapsedMs: 10_000,
  partnerId: "byportalen",
});

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
