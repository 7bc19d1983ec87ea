// What `npm run verify:deploy` checks of the function and the database, against the site as served:
// the form's target is the function (in the region the privacy page names), the function's CORS lets
// the site's browsers in, the phone number in its answers is the site's, the function's copy of the site's
// facts (/site-facts.json) is the one the site serves, one test request goes all the way through (stored,
// e-mailed, labelled as a deploy check: it carries the firm's CRON_SECRET), and the retention the
// privacy page promises is the one the database enforces; with `sms`, the test request also asks for its
// SMS and it is followed to the provider (./sms-check.js).
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { tlsOptions } from "../database-client.js";
import { receiptSettingsCheck } from "./receipt-check.js";
import { testSmsCheck } from "./sms-check.js";

/** @typedef {import("./site-checks.js").Check} Check */

const digits = (/** @type {string} */ text) => text.replace(/\D/g, "").replace(/^45(?=\d{8}$)/, "");

/**
 * The first value of `pattern`'s first group in `html`.
 * @param {RegExp} pattern
 * @param {string} html
 */
const first = (pattern, html) => pattern.exec(html)?.[1] ?? null;

/**
 * @typedef {{ cronSecret?: string, databaseUrl?: string, business: import("../../site/_lib/data-types.js").Business,
 *   fetch: typeof globalThis.fetch, mailWaitMs?: number, sms?: boolean }} BackendOptions
 */

/**
 * The checks of the function and the database, in order.
 * @param {BackendOptions & { siteUrl: string, functionsUrl: string }} options
 * @returns {Promise<Check[]>}
 */
export async function backendChecks({ siteUrl, functionsUrl, cronSecret, databaseUrl, business, fetch, mailWaitMs = 60_000, sms = false }) {
  const checks = [];
  const siteOrigin = new URL(siteUrl).origin;
  const contact = await (await fetch(new URL("/kontakt", siteUrl))).text();
  const action = first(/<form[^>]*action="([^"]+)"/, contact)?.replace(/&amp;/g, "&") ?? "";
  const endpoint = `${functionsUrl.replace(/\/+$/, "")}/${business.backend.functionName}`;
  const region = business.processors.database.hostRegion;
  checks.push({
    title: `The site's form posts to the function at ${endpoint}, in ${region}`,
    ok: action === `${endpoint}?forceFunctionRegion=${region}`,
    detail: `the form posts to ${action || "(no form found on /kontakt)"}`,
    fix: "Set backend.url in site/_data/business.yaml to the project's URL (https://<project-ref>.supabase.co), then build and upload again.",
  });
  const target = action || endpoint;

  const preflight = await fetch(target, {
    method: "OPTIONS",
    headers: {
      Origin: siteOrigin,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type, idempotency-key, x-region",
    },
  });
  await preflight.body?.cancel();
  checks.push({
    title: `The function lets the site's browsers send (CORS for ${siteOrigin})`,
    ok: preflight.ok && preflight.headers.get("access-control-allow-origin") === siteOrigin,
    detail: `status ${preflight.status}, Access-Control-Allow-Origin ${preflight.headers.get("access-control-allow-origin")}`,
    fix: `supabase secrets set SITE_URL=${siteOrigin}  (and deploy the function if it answers 404).`,
  });

  const sitePhone = first(/href="tel:([^"]+)"/, contact) ?? "";
  const refused = await fetch(target, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "https://verify-deploy.invalid" },
    body: "{}",
  });
  const refusal = await refused.json().catch(() => ({}));
  const functionPhone = first(/(\+?\d[\d ]{6,}\d)/, String(refusal.error ?? "")) ?? "";
  checks.push({
    title: "The phone number in the function's answers is the site's",
    ok: Boolean(sitePhone) && digits(functionPhone) === digits(sitePhone),
    detail: `site ${sitePhone || "(none found)"}, function ${functionPhone || "(none found)"}`,
    fix: "The function reads the phone number from the site's /site-facts.json: see the next check.",
  });

  checks.push(await factsCopy({ siteUrl, endpoint: target, fetch }));

  const strangerReads = refused.headers.get("access-control-allow-origin");
  checks.push({
    title: "A page that is not registered can read why it is refused (403, notRegistered)",
    ok: refused.status === 403 && strangerReads === "https://verify-deploy.invalid" && refusal.code === "notRegistered",
    detail: `status ${refused.status}, Access-Control-Allow-Origin ${strangerReads}, code ${refusal.code}`,
    fix: "Deploy the current function: supabase functions deploy send-contact-email (docs/partners.md).",
  });

  const test = await testRequest({ target, siteOrigin, cronSecret, databaseUrl, business, fetch, mailWaitMs, sms });
  checks.push(test.check);
  if (sms && test.requestId) checks.push(await testSmsCheck({ requestId: test.requestId, databaseUrl, waitMs: mailWaitMs }));
  if (databaseUrl) checks.push(await retention({ databaseUrl, business }));
  if (databaseUrl) checks.push(await receiptSettingsCheck({ databaseUrl, business }));
  return checks;
}

/**
 * One request through the function, labelled as a deploy check (asking for its SMS with `sms`); with the
 * database URL, followed to the e-mail. Its check, and the id it was stored as.
 * @param {BackendOptions & { target: string, siteOrigin: string, mailWaitMs: number }} options
 * @returns {Promise<{ check: Check, requestId?: string }>}
 */
async function testRequest(options) {
  const outcome = await followTestRequest(options);
  return "check" in outcome ? outcome : { check: outcome };
}

/**
 * @param {BackendOptions & { target: string, siteOrigin: string, mailWaitMs: number }} options
 * @returns {Promise<Check | { check: Check, requestId: string }>}
 */
async function followTestRequest({ target, siteOrigin, cronSecret, databaseUrl, business, fetch, mailWaitMs, sms }) {
  const title = 'A test request is stored and e-mailed to the firm (subject "TEST fra npm run verify:deploy")';
  if (!cronSecret)
    return {
      title,
      ok: false,
      detail: "CRON_SECRET is not set here",
      fix: "Run it as CRON_SECRET='<the function's secret>' npm run verify:deploy -- …",
    };
  const answer = await fetch(target, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: siteOrigin,
      "X-Deploy-Check": cronSecret,
      // Only when asked: without it the function sends no SMS for a deploy check.
      ...(sms ? { "X-Deploy-Check-Sms": "send" } : {}),
      "Idempotency-Key": `verify-deploy-${randomUUID()}`,
    },
    body: JSON.stringify({
      name: "Test fra verify:deploy",
      phone: business.phone.display,
      email: business.email,
      location: "Test",
      message: "Testforespørgsel fra npm run verify:deploy. Den kan slettes.",
      elapsedMs: 60_000,
    }),
  });
  const body = await answer.json().catch(() => ({}));
  if (answer.status === 403)
    return {
      title,
      ok: false,
      detail: "the function refused the test's secret",
      fix: "Use the CRON_SECRET set with `supabase secrets set` (or set that one again).",
    };
  if (answer.status !== 200 || !body.id)
    return {
      title,
      ok: false,
      detail: `status ${answer.status}: ${body.error ?? ""}`,
      fix: "Read the function's log in the Supabase dashboard (Edge Functions > send-contact-email > Logs).",
    };
  if (!databaseUrl)
    return {
      check: {
        title,
        ok: true,
        detail: `stored as ${body.id}; without SUPABASE_DB_URL the e-mail is not followed: look for it in ${business.email}`,
      },
      requestId: body.id,
    };
  const { url, ssl } = tlsOptions(databaseUrl);
  const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {}, ...(ssl === undefined ? {} : { ssl }) });
  try {
    for (const end = Date.now() + mailWaitMs; ; await new Promise((resolve) => setTimeout(resolve, 250))) {
      const [row] = await sql`select m.state as status, q.deploy_check, m.note as last_error from quote_requests q
        left join deliveries m on m.request_id = q.id and m.channel = 'mail' where q.id = ${body.id}`;
      if (row?.status === "sent")
        return {
          check: {
            title,
            ok: row.deploy_check === true,
            detail: `request ${body.id} sent${row.deploy_check ? ", labelled as a deploy check" : ", but not labelled as a deploy check"}`,
            fix: "Run `supabase db push`: the deploy_check column comes with the migrations.",
          },
          requestId: body.id,
        };
      if (row?.status === "failed" || Date.now() > end)
        return {
          check: {
            title,
            ok: false,
            detail: `request ${body.id} is ${row?.status ?? "missing"}: ${row?.last_error ?? ""}`,
            fix: 'Check SMTP_URL (smtps://…:465) or RESEND_API_KEY and MAIL_TO with `supabase secrets list`, then see "Mail" in docs/deploy.md, "3. The secrets".',
          },
          requestId: body.id,
        };
    }
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/**
 * The database's retention settings against the privacy page's promise (business.yaml's privacy).
 * @param {{ databaseUrl: string, business: import("../../site/_lib/data-types.js").Business }} options
 * @returns {Promise<Check>}
 */
async function retention({ databaseUrl, business }) {
  const { url, ssl } = tlsOptions(databaseUrl);
  const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {}, ...(ssl === undefined ? {} : { ssl }) });
  try {
    const [row] = await sql`select extract(epoch from quote_requests)::bigint as requests, extract(epoch from client_data)::bigint as client
      from retention_settings`;
    const months = business.privacy.requestRetentionMonths;
    const days = business.privacy.clientDataRetentionDays;
    const [{ requests, client }] = await sql`select extract(epoch from make_interval(months => ${months}))::bigint as requests,
      extract(epoch from make_interval(days => ${days}))::bigint as client`;
    return {
      title: `The database deletes requests after ${months} months and client data after ${days} days, as the privacy page promises`,
      ok: row?.requests === requests && row?.client === client,
      detail: row
        ? `the database keeps requests ${Number(row.requests) / 86_400} days and client data ${Number(row.client) / 86_400} days`
        : "no retention_settings row",
      fix: `Build and upload the site (the functions apply /site-facts.json on the next scheduled run), or for now: update retention_settings set quote_requests = interval '${months} months', client_data = interval '${days} days';  (in the SQL editor)`,
    };
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** A hash as a reader compares it: its first 12 characters. */
const short = (/** @type {unknown} */ hash) => (typeof hash === "string" ? hash.slice(0, 12) : "(none)");

/**
 * The function's copy of the site's facts (GET …?facts: hash and build time, nothing personal) against
 * the site's /site-facts.json.
 * @param {{ siteUrl: string, endpoint: string, fetch: typeof globalThis.fetch }} options
 * @returns {Promise<Check>}
 */
async function factsCopy({ siteUrl, endpoint, fetch }) {
  const title = "The function uses the site's facts as the site publishes them (/site-facts.json)";
  const site = await fetch(new URL("/site-facts.json", siteUrl))
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
  const url = new URL(endpoint);
  url.searchParams.set("facts", "");
  const backend = await fetch(url)
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
  if (!site?.hash)
    return {
      title,
      ok: false,
      detail: "the site serves no /site-facts.json",
      fix: "Build and upload the whole dist/ folder: npm run build writes site-facts.json.",
    };
  const older = backend?.builtAt && Date.parse(backend.builtAt) < Date.parse(site.builtAt);
  return {
    title,
    ok: backend?.hash === site.hash,
    detail:
      `site ${short(site.hash)} built ${site.builtAt}, function ${short(backend?.hash)} built ${backend?.builtAt ?? "(none)"}` +
      (backend?.hash === site.hash ? "" : older ? ": the function's copy is older than the site's" : ": the copies differ"),
    fix:
      "The function rereads the file every few minutes, the scheduled retry on every run: check again in a few minutes. If it stays, " +
      "read the functions' log for site_facts_unreachable (SITE_URL is not the site), site_facts_invalid (the file was not uploaded whole), " +
      "site_facts_too_large (over 1 MB) or site_facts_stale (the site serves an older build than the one applied: a CDN's cached copy).",
  };
}
