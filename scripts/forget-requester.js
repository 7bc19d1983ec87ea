// Answers a visitor's GDPR access or erasure request: everything stored for one e-mail address, any
// spelling of it, or for one phone number (a call-back has no e-mail), any spelling of it (docs/privacy.md):
//   node scripts/forget-requester.js jens@example.dk            every stored field of every request (access)
//   node scripts/forget-requester.js jens@example.dk --letter   the same as a ready Danish letter to send
//   node scripts/forget-requester.js jens@example.dk --delete   deletes it (erasure), then names the firm's
//                                                               e-mails about it, to delete by hand
//   node scripts/forget-requester.js "23 45 67 89" --letter     the same, found by phone number
// The owner does the same in the inbox (/admin/indbakke).
// --json prints the same as JSON. Connects to SUPABASE_DB_URL, or with --local to the local stack of
// `npm start`, over TLS as its sslmode says.
import { parseArgs } from "node:util";
import { operatorDatabase } from "../operator/database-client.js";
import { forget, storedFor } from "../operator/gdpr/stored-fields.js";
import { loadData } from "../site/_lib/load-data.js";
import { siteFacts } from "../site/_lib/site-facts.js";
import { accessLetter } from "../supabase/functions/_shared/access-letter.js";
import { fieldLines, mailCopiesReminder } from "../supabase/functions/_shared/stored-fields.js";

const USAGE = "Brug: node scripts/forget-requester.js <e-mail eller telefonnummer> [--letter | --delete] [--json] [--local]";

/** The address and options, or the usage in Danish and exit 2. */
function readArguments() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { local: { type: "boolean" }, delete: { type: "boolean" }, letter: { type: "boolean" }, json: { type: "boolean" } },
    });
    const [address, ...rest] = positionals;
    if (!address || rest.length > 0 || (!address.includes("@") && address.replace(/\D/g, "").length < 8))
      throw new Error("Skriv én e-mailadresse eller ét telefonnummer.");
    if (values.delete && values.letter) throw new Error("Skriv enten --letter eller --delete.");
    return { address, options: values };
  } catch (error) {
    console.error(`${/** @type {Error} */ (error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const { address, options } = readArguments();
const who = address.includes("@") ? { email: address } : { phone: address };
const business = loadData("business");
const sql = operatorDatabase({ local: Boolean(options.local) });
try {
  const rows = await storedFor(sql, who);
  if (options.delete) {
    const deleted = await forget(sql, who);
    const reminder = mailCopiesReminder(who, rows, business.email);
    if (options.json) {
      console.log(JSON.stringify({ ...who, deleted }));
      if (reminder) console.error(reminder);
    } else {
      console.log(`Slettet fra databasen: ${deleted} ${deleted === 1 ? "forespørgsel" : "forespørgsler"} for ${address}.`);
      if (reminder) console.log(`\n${reminder}`);
    }
  } else if (options.json) {
    console.log(JSON.stringify({ ...who, requests: rows }, null, 2));
  } else if (options.letter) {
    console.log(accessLetter(who, rows, siteFacts(business)));
  } else {
    console.log(
      [
        `${rows.length} ${rows.length === 1 ? "forespørgsel" : "forespørgsler"} gemt for ${address} (alle felter; --letter skriver svaret som brev):`,
        ...rows.map((row, index) => `\nForespørgsel ${index + 1}:\n${fieldLines(row).join("\n")}`),
      ].join("\n"),
    );
  }
} finally {
  await sql.end({ timeout: 1 });
}
