// Lists the quote requests whose e-mail has not reached the firm, so somebody can call them back:
//   npm run leads -- --undelivered     failed requests, held ones (an address over its hourly e-mails),
//                                      and requests still unsent an hour after arriving
// Prints JSON (newest first). Connects to SUPABASE_DB_URL, or with --local to the local stack of
// `npm start`, over TLS as its sslmode says (docs/deploy.md: ?sslmode=require, or verify-full with sslrootcert).
import { operatorDatabase } from "../dev/local/database-client.js";

const args = process.argv.slice(2);
const [flag] = args.filter((arg) => arg !== "--local");
if (flag !== "--undelivered") {
  console.error("Usage: npm run leads -- --undelivered");
  process.exit(2);
}
const sql = operatorDatabase({ local: args.includes("--local") });
try {
  const requests = await sql`
    select id, received_at, notification_status as status, attempts, last_error, failed_at, name, phone, email, location, message
    from quote_requests
    where notification_status in ('failed', 'held')
       or (notification_status in ('pending', 'sending') and received_at < now() - interval '1 hour')
    order by received_at desc`;
  console.log(JSON.stringify({ undelivered: requests.length, requests }, null, 2));
} finally {
  await sql.end({ timeout: 1 });
}
