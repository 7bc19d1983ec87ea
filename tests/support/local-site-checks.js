// What the browser tests check on the local stack's side after a visitor sends a quote: the stored
// rows and the firm's e-mail, waited for, since both come a moment after the page shows its answer.

/** A visitor's answers that pass every rule. */
export const PERSON = { name: "Jens Hansen", phone: "12 34 56 78", message: "Vi skal have ny eltavle og flere stikkontakter i køkkenet." };

/** @typedef {import("./local-site.js").LocalSite} LocalSite */
/** @typedef {import("postal-mime").Email} Email */

/**
 * Calls `check` until it returns something truthy, and returns that.
 * @template T
 * @param {() => Promise<T>} check
 * @param {string} what what is waited for, for the timeout's message
 * @param {number} [ms]
 * @returns {Promise<NonNullable<T>>}
 */
export async function waitFor(check, what, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The rows stored for `email` so far, each with `mail`: the state of the firm's e-mail about it (its
 * delivery in the outbox).
 * @param {LocalSite} site
 * @param {string} email
 */
export const rowsFor = (site, email) =>
  site.sql`select q.*, m.state as mail from public.quote_requests q
    left join public.deliveries m on m.request_id = q.id and m.channel = 'mail' where q.email = ${email}`;

/**
 * The rows stored for `email`, once there are any.
 * @param {LocalSite} site
 * @param {string} email
 * @param {string} [what]
 */
export const storedRows = (site, email, what = `the row for ${email}`) =>
  waitFor(async () => {
    const rows = await rowsFor(site, email);
    return rows.length ? rows : null;
  }, what);

/**
 * The firm's e-mail about the request from `email`, once it has arrived.
 * @param {LocalSite} site
 * @param {string} email
 */
export const mailTo = (site, email) =>
  waitFor(
    async () => (await site.mails()).find((mail) => mail.text?.includes(email) || mail.replyTo?.some((to) => to.address === email)),
    `the e-mail about ${email}`,
  );

/**
 * The "Label: value" lines of the firm's e-mail (Navn, Hvor, Side, Partner, Forespørgsel-id…).
 * @param {Email} mail
 */
export const mailFields = (mail) =>
  // The firm's e-mail always has a text part.
  Object.fromEntries([.../** @type {string} */ (mail.text).matchAll(/^([\p{L}-]+): (.*)$/gmu)].map(([, label, value]) => [label, value]));
