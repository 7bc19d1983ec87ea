// What `npm run verify:deploy -- … --sms` checks of the firm's SMS: the test request's SMS reached the
// provider (its delivery in public.deliveries is sent). Only when asked: each SMS costs money, and a check run
// after every deploy should not buzz the firm's phone.
import postgres from "postgres";
import { tlsOptions } from "../database-client.js";

/** @typedef {import("./site-checks.js").Check} Check */

export const TEST_SMS_TITLE = 'A test SMS reaches the firm\'s numbers (SMS_TO; it starts "TEST:")';

/**
 * Follows the test request's SMS in the database until it is sent, given up, or `waitMs` has passed.
 * @param {{ requestId: string, databaseUrl?: string, waitMs: number }} options
 * @returns {Promise<Check>}
 */
export async function testSmsCheck({ requestId, databaseUrl, waitMs }) {
  const fix =
    "Set the SMS secrets: supabase secrets set SMS_API_TOKEN=… SMS_TO=… SMS_FROM=… (docs/deploy.md, step 7), and read the function's log for sms_undeliverable.";
  if (!databaseUrl)
    return {
      title: TEST_SMS_TITLE,
      ok: true,
      detail: `asked for request ${requestId}; without SUPABASE_DB_URL it is not followed: look at the phone`,
    };
  const { url, ssl } = tlsOptions(databaseUrl);
  const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {}, ...(ssl === undefined ? {} : { ssl }) });
  try {
    for (const end = Date.now() + waitMs; ; await new Promise((resolve) => setTimeout(resolve, 250))) {
      const [row] =
        await sql`select state as status, note as last_error from deliveries where request_id = ${requestId} and channel = 'sms'`;
      if (row?.status === "sent") return { title: TEST_SMS_TITLE, ok: true, detail: `request ${requestId}: SMS sent` };
      if ((row && row.status !== "due" && row.status !== "sending") || Date.now() > end)
        return {
          title: TEST_SMS_TITLE,
          ok: false,
          detail: `request ${requestId}: SMS ${row?.status ?? "missing"}${row?.last_error ? `: ${row.last_error}` : ""}`,
          fix,
        };
    }
  } finally {
    await sql.end({ timeout: 1 });
  }
}
