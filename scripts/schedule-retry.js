// Puts the two values the scheduled retry needs into Supabase Vault (the migration's cron job reads them
// when it runs; supabase/migrations/20261127000000_baseline.sql):
//   SUPABASE_DB_URL='postgres://…?sslmode=require' CRON_SECRET='<the function secret>' \
//     npm run schedule:retry -- https://<project-ref>.supabase.co/functions/v1
// Run it again after changing CRON_SECRET: it updates the values in place.
import { operatorDatabase } from "../operator/database-client.js";

const args = process.argv.slice(2);
const [functionsBase] = args.filter((arg) => arg !== "--local");
const secret = process.env.CRON_SECRET ?? "";
if (!functionsBase || !/^https?:\/\//.test(functionsBase) || secret.length < 16) {
  console.error(
    "Usage: SUPABASE_DB_URL=… CRON_SECRET=<the same as supabase secrets set> npm run schedule:retry -- https://<project-ref>.supabase.co/functions/v1",
  );
  process.exit(2);
}
const values = {
  retry_quote_emails_url: `${functionsBase.replace(/\/+$/, "")}/retry-quote-emails`,
  retry_quote_emails_cron_secret: secret,
};
const sql = operatorDatabase({ local: args.includes("--local") });
try {
  for (const [name, value] of Object.entries(values)) {
    const [existing] = await sql`select id from vault.decrypted_secrets where name = ${name}`;
    if (existing) await sql`select vault.update_secret(${existing.id}, ${value})`;
    else await sql`select vault.create_secret(${value}, ${name})`;
  }
  const [job] = await sql`select schedule from cron.job where jobname = 'retry-quote-emails'`;
  if (!job) throw new Error("no cron job retry-quote-emails: run `supabase db push` first");
  console.log(`The retry runs on schedule "${job.schedule}" and calls ${values.retry_quote_emails_url}.`);
} finally {
  await sql.end({ timeout: 1 });
}
