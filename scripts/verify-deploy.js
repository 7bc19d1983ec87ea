// Checks a deploy end to end (operator/verify-deploy/): the site, its headers, the function, the database and
// the mail, and that they agree with each other.
//   CRON_SECRET='<secret>' SUPABASE_DB_URL='postgres://…?sslmode=require' \
//     npm run verify:deploy -- https://www.example.dk https://<project-ref>.supabase.co/functions/v1
// SUPABASE_DB_URL is optional: with it the test request is followed to its e-mail, and the retention
// is compared with the privacy page. `--sms` (anywhere) also sends the firm one test SMS, and only then.
// Exits 1 when a check fails.
import { reportLines, verifyDeploy } from "../operator/verify-deploy/index.js";

const args = process.argv.slice(2);
const sms = args.includes("--sms");
const [siteUrl, functionsUrl] = args.filter((arg) => arg !== "--sms");
if (!siteUrl || !functionsUrl) {
  console.error("Usage: CRON_SECRET=… [SUPABASE_DB_URL=…] npm run verify:deploy -- <site URL> <functions base URL> [--sms]");
  process.exit(2);
}
const checks = await verifyDeploy({
  siteUrl,
  functionsUrl,
  cronSecret: process.env.CRON_SECRET,
  databaseUrl: process.env.SUPABASE_DB_URL,
  sms,
});
console.log(reportLines(checks).join("\n"));
const failed = checks.filter((check) => !check.ok).length;
console.log(failed ? `\n${failed} of ${checks.length} checks failed.` : `\nAll ${checks.length} checks passed.`);
process.exitCode = failed ? 1 : 0;
