// The firm's booked free inspections (supabase/functions/send-contact-email/README.md, "Booking a free
// inspection"): the visits to come, moving or cancelling one (the customer and the firm get the updated
// calendar invitation by e-mail with the next scheduled run, within a minute), and the private calendar
// feed the firm subscribes to (a secret address: issuing a new one revokes the old).
//   npm run bookings -- list                   the visits to come
//   npm run bookings -- move <id> <tid>        moves one, e.g. move 6f1c… "2026-12-03 09:00" (Copenhagen time)
//   npm run bookings -- cancel <id>            cancels one
//   npm run bookings -- feed                   a new feed address (the old one stops working)
//   npm run bookings -- feed --revoke          no feed address at all
// Add --local for the local stack of `npm start`; otherwise it connects to SUPABASE_DB_URL.
import { randomBytes, createHash } from "node:crypto";
import { operatorDatabase } from "../operator/database-client.js";
import { loadData } from "../site/_lib/load-data.js";
import { danishVisit } from "../supabase/functions/_shared/copenhagen-time.js";
import { LOCAL_PROJECT } from "../operator/auth-client.js";

const USAGE = `Brug:
  npm run bookings -- list [--local]
  npm run bookings -- move <id> "<åååå-mm-dd tt:mm>" [--local]     fx move 6f1c1a52-… "2026-12-03 09:00"
  npm run bookings -- cancel <id> [--local]
  npm run bookings -- feed [--revoke] [--local]`;

/**
 * Stops with a Danish message and exit code `code` (2: the command was written wrong).
 * @returns {never}
 */
function fail(/** @type {string} */ message, code = 2) {
  console.error(message);
  process.exit(code);
}

const args = process.argv.slice(2);
const local = args.includes("--local");
const revoke = args.includes("--revoke");
const [command, ...rest] = args.filter((arg) => arg !== "--local" && arg !== "--revoke");
const arity = { list: 0, move: 2, cancel: 1, feed: 0 };
if (!(command in arity) || rest.length !== arity[/** @type {keyof typeof arity} */ (command)]) fail(USAGE);
const [id, time] = rest;
if ((command === "move" || command === "cancel") && !/^[0-9a-f-]{36}$/.test(id))
  fail(`"${id}" er ikke et booking-id. Se dem med: npm run bookings -- list`);
if (command === "move" && !/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d$/.test(time))
  fail(`Skriv tiden som "2026-12-03 09:00" (dansk tid), ikke "${time}".`);

const sql = operatorDatabase({ local });
try {
  if (command === "list") {
    const rows = await sql`
      select q.id, q.name, q.phone, q.location, b.starts_at, b.ends_at from bookings b join quote_requests q on q.id = b.request_id
      where b.active and b.ends_at > now() order by b.starts_at`;
    if (rows.length === 0) console.log("Ingen besigtigelser booket.");
    for (const row of rows)
      console.log([row.id, danishVisit({ start: row.starts_at, end: row.ends_at }), row.name, row.location, row.phone].join("\t"));
  } else if (command === "feed") {
    await sql`delete from calendar_feeds`;
    if (revoke) {
      console.log("Kalenderadressen er slettet: den viser ikke længere jeres besigtigelser.");
    } else {
      const token = randomBytes(24).toString("base64url");
      await sql`insert into calendar_feeds (token_hash) values (${createHash("sha256").update(token).digest("hex")})`;
      const functions = local ? LOCAL_PROJECT.url : loadData("business").backend.url;
      const url = `${functions}/functions/v1/send-contact-email?feed=${token}`;
      console.log(`Jeres private kalenderadresse (abonnér på den i telefonens kalender; den gamle virker ikke længere):\n${url}`);
      console.log(`Som webcal-link: ${url.replace(/^https?:/, "webcal:")}`);
      console.log("Del den ikke: alle med adressen kan se kundernes navne og numre. Ny adresse: kør kommandoen igen.");
    }
  } else {
    const start = command === "move" ? time.replace("T", " ") : null;
    /** @type {any[]} */
    let rows;
    try {
      rows = await sql`
        select starts_at, ends_at, active from change_booking(${id}::uuid,
          ${start}::timestamp at time zone 'Europe/Copenhagen', ${start === null}, 'firm')`;
    } catch (error) {
      if (/** @type {{ code?: string }} */ (error).code === "23P01")
        fail(`Tiden ${time} rammer en anden besigtigelse (med køretiden). Se dem med: npm run bookings -- list`, 1);
      throw error;
    }
    if (rows.length === 0) fail(`Der er ingen kommende besigtigelse med id'et ${id}. Se dem med: npm run bookings -- list`, 1);
    const [row] = rows;
    console.log(
      row.active
        ? `Flyttet til ${danishVisit({ start: row.starts_at, end: row.ends_at })}.`
        : `Aflyst: ${danishVisit({ start: row.starts_at, end: row.ends_at })}.`,
    );
    console.log("Kunden og I får en e-mail med den opdaterede kalenderinvitation inden for et minut.");
  }
} finally {
  await sql.end({ timeout: 1 });
}
