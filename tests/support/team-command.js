// Runs the firm's team command (`npm run team`, scripts/team.js) against a local stack started on free
// ports, as the firm does against its project: the Auth admin API of the stack's gateway (the stand-in
// of Supabase Auth) and its database. For tests that sign a member in at /admin/indbakke, with the code
// mailed to them.
import { LOCAL_AUTH_KEYS } from "../../dev/local/auth-stand-in.js";
import { waitFor } from "./local-site-checks.js";
import { runOperatorScript } from "./operator-script.js";

/**
 * `npm run team -- ...args` against the stack at `apiUrl` with the database `databaseUrl`; resolves with
 * its exit code and output.
 * @param {{ apiUrl: string, databaseUrl: string }} stack
 * @param {string[]} args
 */
export const runTeam = ({ apiUrl, databaseUrl }, args) =>
  runOperatorScript("team.js", args, {
    databaseUrl,
    env: { SUPABASE_URL: apiUrl, SUPABASE_SERVICE_ROLE_KEY: LOCAL_AUTH_KEYS.serviceRoleKey },
  });

/**
 * Adds a person to the team with the command; throws with its output if it refuses.
 * @param {{ apiUrl: string, databaseUrl: string }} stack
 * @param {string} email
 * @param {"ejer" | "medarbejder"} role
 */
export async function addTeamMember(stack, email, role) {
  const result = await runTeam(stack, ["add", email, role]);
  if (result.code !== 0) throw new Error(`npm run team -- add ${email} ${role} refused:\n${result.stderr}`);
}

/**
 * The e-mails sent to `email` so far.
 * @param {{ mails(): Promise<import("postal-mime").Email[]> }} site
 * @param {string} email
 */
export const mailsTo = async (site, email) =>
  (await site.mails()).filter((mail) => mail.to?.some((to) => to.address?.toLowerCase() === email.toLowerCase()));

/**
 * The sign-in code in the `count`th e-mail to `email` (1: the first), once it has arrived in the local
 * mail catcher, where the owner reads it on the local inbox page.
 * @param {{ mails(): Promise<import("postal-mime").Email[]> }} site
 * @param {string} email
 * @param {number} [count]
 */
export const signInCode = (site, email, count = 1) =>
  waitFor(async () => {
    const mail = (await mailsTo(site, email))[count - 1];
    return mail && /\b(\d{6})\b/.exec(mail.text ?? "")?.[1];
  }, `sign-in code number ${count} to ${email}`);
