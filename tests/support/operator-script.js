// Runs an operator script (scripts/*.js) as the firm does, against the database a test names, and
// answers its exit code, stdout and stderr whether it succeeded or not.
import { execFile } from "node:child_process";

/**
 * @param {string} script  file name under scripts/
 * @param {string[]} args
 * @param {{ databaseUrl?: string, env?: Record<string, string> }} [options] databaseUrl becomes SUPABASE_DB_URL
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function runOperatorScript(script, args, { databaseUrl, env = {} } = {}) {
  const { SUPABASE_DB_URL: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`scripts/${script}`, ...args],
      { env: { ...inherited, ...(databaseUrl ? { SUPABASE_DB_URL: databaseUrl } : {}), ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
