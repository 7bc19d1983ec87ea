// The firm's team for the inbox on a test's local site, changed with `npm run team` (scripts/team.js) as
// the firm does it, through the local gateway's stand-in of Supabase Auth; and the sign-in code a member
// was mailed, read from the local mail catcher as the owner reads it on the local inbox page.
import { LOCAL_AUTH_KEYS } from "../../dev/local/auth-stand-in.js";
import { waitFor } from "./local-site-checks.js";
import { runOperatorScript } from "./operator-script.js";

/**
 * Adds `email` to the team of `site` with `role`; throws with the command's output if it refuses.
 * @param {{ databaseUrl: string, apiUrl: string }} site
 * @param {string} email
 * @param {"ejer" | "medarbejder"} role
 */
export async function addToTeam(site, email, role) {
  const result = await runOperatorScript("team.js", ["add", email, role], {
    databaseUrl: site.databaseUrl,
    env: { SUPABASE_URL: site.apiUrl, SUPABASE_SERVICE_ROLE_KEY: LOCAL_AUTH_KEYS.serviceRoleKey },
  });
  if (result.code !== 0) throw new Error(`npm run team -- add ${email} failed (${result.code}): ${result.stderr}${result.stdout}`);
}

/**
 * The e-mails sent to `email` so far.
 * @param {{ mails(): Promise<import("postal-mime").Email[]> }} site
 * @param {string} email
 */
export const mailsTo = async (site, email) =>
  (await site.mails()).filter((mail) => mail.to?.some((to) => to.address?.toLowerCase() === email.toLowerCase()));

/**
 * The sign-in code in the `count`th e-mail to `email` (1: the first), once it has arrived.
 * @param {{ mails(): Promise<import("postal-mime").Email[]> }} site
 * @param {string} email
 * @param {number} [count]
 */
export const signInCode = (site, email, count = 1) =>
  waitFor(async () => {
    const mail = (await mailsTo(site, email))[count - 1];
    return mail && /\b(\d{6})\b/.exec(mail.text ?? "")?.[1];
  }, `sign-in code number ${count} to ${email}`);
