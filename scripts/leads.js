// The firm's leads (quote requests), in Danish with Danish times (docs/leads.md):
//   npm run leads -- --local                            the last 30 days, newest first
//   npm run leads -- --month 2026-11 --search hansen    one month, only names, phones or e-mails matching
//   npm run leads -- --from 2026-11-01 --to 2026-11-15 --csv   a file for Excel instead of the list
//   npm run leads -- --month 2026-11 --by-partner [--csv]   the month's statement per partner, for accounting
//   npm run leads -- --undelivered                      failed, held (an address over its hourly e-mails)
//                                                       and still unsent an hour after arriving
// --json prints the same as JSON. Connects to SUPABASE_DB_URL, or with --local to the local stack of
// `npm start`, over TLS as its sslmode says (docs/deploy.md: ?sslmode=require, or verify-full with sslrootcert).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { danishDay } from "../supabase/functions/_shared/copenhagen-time.js";
import { operatorDatabase } from "../operator/database-client.js";
import { leadsCsv, leadsInPeriod, leadsText, requestsInDanish, undeliveredLeads } from "../operator/leads/list.js";
import { parsePeriod, statementMonth } from "../operator/leads/period.js";
import { monthStatement, statementCsv, statementText } from "../operator/leads/statement.js";

const USAGE = `Brug: npm run leads -- [--local] [--month ÅÅÅÅ-MM | --from ÅÅÅÅ-MM-DD --to ÅÅÅÅ-MM-DD] [--search tekst] [--csv [--out fil.csv]] [--json]
       npm run leads -- [--local] --month ÅÅÅÅ-MM --by-partner [--csv [--out fil.csv]]
       npm run leads -- [--local] --undelivered [--csv] [--json]`;

const OPTIONS = /** @type {const} */ ({
  local: { type: "boolean" },
  undelivered: { type: "boolean" },
  "by-partner": { type: "boolean" },
  month: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  search: { type: "string" },
  csv: { type: "boolean" },
  out: { type: "string" },
  json: { type: "boolean" },
});

/** The command's options and period (none for --undelivered), or the usage in Danish and exit 2. */
function readArguments() {
  try {
    const { values } = parseArgs({ options: OPTIONS });
    const month = values["by-partner"] ? statementMonth(values) : null;
    return { options: values, month, period: values.undelivered || month ? null : parsePeriod(values) };
  } catch (error) {
    console.error(`${/** @type {Error} */ (error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const { options, month, period } = readArguments();
const sql = operatorDatabase({ local: Boolean(options.local) });
/**
 * Writes a CSV file where the firm ran the command (npm runs scripts from the project's folder; INIT_CWD
 * is the folder the command was typed in), and says where.
 * @param {string} name
 * @param {string} csv
 * @param {string} what
 */
function writeCsv(name, csv, what) {
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), options.out ?? name);
  writeFileSync(file, csv);
  console.log(`${what} skrevet til ${file} (semikolon-separeret, UTF-8, til Excel).`);
}

try {
  if (month) {
    const rows = await monthStatement(sql, month);
    if (options.csv) writeCsv(`opgoerelse-${month}.csv`, statementCsv(month, rows), `Opgørelsen for ${month}`);
    else console.log(statementText(month, rows));
  } else await listLeads();
} finally {
  await sql.end({ timeout: 1 });
}

async function listLeads() {
  const leads = period ? await leadsInPeriod(sql, period, options.search) : await undeliveredLeads(sql);
  const span = period ? `fra ${danishDay(period.from)} til ${danishDay(period.to)}` : "";
  if (options.csv) {
    const name = period ? `forespoergsler-${period.from}-til-${period.to}.csv` : "forespoergsler-ikke-leveret.csv";
    writeCsv(name, leadsCsv(leads), requestsInDanish(leads.length));
  } else if (options.json) {
    console.log(
      JSON.stringify(
        period
          ? { from: period.from, to: period.to, count: leads.length, requests: leads }
          : { undelivered: leads.length, requests: leads },
        null,
        2,
      ),
    );
  } else {
    const heading = period
      ? `${requestsInDanish(leads.length)} ${span} (dansk tid)${options.search ? ` med "${options.search}" i navn, telefon eller e-mail` : ""}, nyeste først:`
      : `${requestsInDanish(leads.length)} er ikke nået frem til firmaet som e-mail (opgivet, holdt tilbage, eller ikke sendt en time efter), nyeste først:`;
    console.log(leadsText(heading, leads));
  }
}
