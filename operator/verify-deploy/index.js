// `npm run verify:deploy`: checks a deploy as the firm would after the last step, and says in plain
// words what to do about each check that fails. The site is compared with the local build in dist/.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadData } from "../../site/_lib/load-data.js";
import { backendChecks } from "./backend-checks.js";
import { inboxChecks } from "./inbox-checks.js";
import { siteChecks } from "./site-checks.js";

/** The build the site is compared with: dist/ (VERIFY_DEPLOY_DIST: another build, for the tests). */
export const DIST_DIR = process.env.VERIFY_DEPLOY_DIST ?? fileURLToPath(new URL("../../dist/", import.meta.url));

/**
 * Runs every check; resolves with them in order (`ok`, `title`, and for a failure `detail` and `fix`).
 * @param {{ siteUrl: string, functionsUrl: string, cronSecret?: string, databaseUrl?: string, distDir?: string,
 *   fetch?: typeof globalThis.fetch, mailWaitMs?: number, sms?: boolean }} options   sms: the test request also sends the firm a test SMS
 */
export async function verifyDeploy({
  siteUrl,
  functionsUrl,
  cronSecret,
  databaseUrl,
  distDir = DIST_DIR,
  fetch = globalThis.fetch,
  mailWaitMs,
  sms = false,
}) {
  if (!existsSync(join(distDir, "index.html")))
    throw new Error(`No build in ${distDir}: run \`npm run build\` first (the check compares the site with it).`);
  const business = loadData("business");
  return [
    ...(await siteChecks({ siteUrl, distDir, fetch })),
    ...(await backendChecks({ siteUrl, functionsUrl, cronSecret, databaseUrl, business, fetch, mailWaitMs, sms })),
    ...(await inboxChecks({ siteUrl, functionsUrl, anonKey: business.backend.anonKey, fetch })),
  ];
}

/** The report's lines: ✓ or ✗ and the title, and under a failure what was seen and what to do. */
export const reportLines = (/** @type {import("./site-checks.js").Check[]} */ checks) =>
  checks.flatMap((check) =>
    check.ok
      ? [`✓ ${check.title}${check.detail && !check.fix ? `\n    ${check.detail}` : ""}`]
      : [`✗ ${check.title}`, `    seen: ${check.detail || "-"}`, `    do:   ${check.fix}`],
  );
