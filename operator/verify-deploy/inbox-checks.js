// What `npm run verify:deploy` checks of the firm's inbox (/admin/indbakke): that Supabase Auth signs the
// team in by e-mail code and lets no one sign up (its public settings, GET <project>/auth/v1/settings,
// which GoTrue answers to anyone with the anon key), and that the inbox function is deployed and lets
// nothing through without a member's token (401, not cached).

/** @typedef {import("./site-checks.js").Check} Check */

/**
 * The inbox's checks, in order.
 * @param {{ siteUrl: string, functionsUrl: string, anonKey: string, fetch: typeof globalThis.fetch }} options
 * @returns {Promise<Check[]>}
 */
export async function inboxChecks({ siteUrl, functionsUrl, anonKey, fetch }) {
  const project = functionsUrl.replace(/\/+$/, "").replace(/\/functions\/v1$/, "");
  const answer = await fetch(`${project}/auth/v1/settings`, { headers: { apikey: anonKey } }).catch((/** @type {Error} */ error) => error);
  const settings = answer instanceof Response && answer.ok ? await answer.json().catch(() => ({})) : {};
  const emailOn = settings.external?.email === true;
  const signupsOff = settings.disable_signup === true;
  const checks = [
    {
      title: "The inbox's sign-in: Supabase Auth sends e-mail codes, and no one can sign up",
      ok: emailOn && signupsOff,
      detail:
        answer instanceof Response
          ? `status ${answer.status}; e-mail ${emailOn ? "on" : "off"}, sign-ups ${signupsOff ? "off" : "ON"}`
          : `no answer from ${project}/auth/v1/settings (${answer.message})`,
      fix: 'In the Supabase dashboard, Authentication: enable the Email provider and turn off "Allow new users to sign up" (docs/deploy.md, "The firm\'s inbox").',
    },
  ];

  const inbox = await fetch(`${project}/functions/v1/inbox`, {
    method: "POST",
    headers: { "Content-Type": "application/json", apikey: anonKey, Origin: new URL(siteUrl).origin },
    body: JSON.stringify({ action: "me" }),
  }).catch((/** @type {Error} */ error) => error);
  if (inbox instanceof Response) await inbox.body?.cancel();
  checks.push({
    title: "The inbox function refuses a request without a member's token (401, not cached)",
    ok: inbox instanceof Response && inbox.status === 401 && inbox.headers.get("cache-control") === "no-store",
    detail:
      inbox instanceof Response
        ? `status ${inbox.status}, Cache-Control ${inbox.headers.get("cache-control")}`
        : `no answer from ${project}/functions/v1/inbox (${inbox.message})`,
    fix: 'supabase functions deploy inbox  (docs/deploy.md, "The firm\'s inbox"); a 404 means it is not deployed.',
  });
  return checks;
}
