// Answers a visitor's GDPR access or erasure request: everything stored for one e-mail address.
//   node scripts/forget-requester.js jens@example.dk            prints what is stored (access)
//   node scripts/forget-requester.js jens@example.dk --delete   deletes it (erasure)
// Connects to SUPABASE_DB_URL, or with --local to the local stack of `npm start`, over TLS as its sslmode says.
import { operatorDatabase } from "../dev/local/database-client.js";

const args = process.argv.slice(2);
const [address, flag] = args.filter((arg) => arg !== "--local");
if (!address?.includes("@") || (flag && flag !== "--delete")) {
  console.error("Usage: node scripts/forget-requester.js <e-mail> [--delete]");
  process.exit(2);
}
const sql = operatorDatabase({ local: args.includes("--local") });
try {
  const rows = await sql`select id, received_at, name, phone, email, location, message, source_url, partner_id, notification_status
    from quote_requests where lower(public.canonical_email(email)) = lower(public.canonical_email(${address})) order by received_at`;
  if (flag === "--delete") {
    const [{ deleted }] = await sql`select public.forget_quote_requester(${address}) as deleted`;
    console.log(JSON.stringify({ email: address, deleted }));
  } else {
    console.log(JSON.stringify({ email: address, requests: rows }, null, 2));
  }
} finally {
  await sql.end({ timeout: 1 });
}
