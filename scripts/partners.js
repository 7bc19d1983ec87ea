// The firm's one list of partners (docs/partners.md): a row lets the partner's site send quote requests
// from its embed and credits the requests that name the partner's id.
//   npm run partners -- list                          the partners, active and removed
//   npm run partners -- add <id> <navn> <origin>      registers a partner (or brings a removed one back)
//   npm run partners -- remove <id>                   stops it: its site can no longer send; its leads keep their id
// Add --local for the local stack of `npm start`; otherwise it connects to SUPABASE_DB_URL.
import { operatorDatabase } from "../operator/database-client.js";

const USAGE = `Brug:
  npm run partners -- list [--local]
  npm run partners -- add <id> <navn> <origin> [--local]     fx add byportalen "Byportalen ApS" https://www.byportalen.dk
  npm run partners -- remove <id> [--local]`;
/** The partner id the embed's `partner` attribute names (the table's own check, and the function's). */
const PARTNER_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const EXAMPLE = "https://www.byportalen.dk";

/**
 * Stops with a Danish message and exit code `code` (2: the command was written wrong).
 * @returns {never}
 */
function fail(/** @type {string} */ message, code = 2) {
  console.error(message);
  process.exit(code);
}

/**
 * The origin a browser sends for pages at `text` (scheme, host in lower case, port unless the default),
 * or a Danish message saying what to write instead: the partners' rows are compared with the browser's
 * Origin header as they are.
 * @param {string} text
 * @returns {string}
 */
function originOf(text) {
  /** @type {URL} */
  let url;
  try {
    url = new URL(text);
  } catch {
    return fail(`"${text}" er ikke en origin. Skriv https:// og sidens værtsnavn (og :port, hvis den har en), fx ${EXAMPLE}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return fail(`"${text}" skal begynde med https:// (eller http://), fx ${EXAMPLE}`);
  if (url.username || url.password) return fail(`Skriv origin uden brugernavn og adgangskode: ${url.origin}`);
  if (url.pathname !== "/" || url.search || url.hash)
    return fail(`Skriv kun sidens origin, uden sti: ${url.origin} (ikke ${text}). Alle sider på ${url.origin} kan så bruge formularen.`);
  return url.origin;
}

/** A date in Danish, as the firm's clock shows it. */
const danishDate = (/** @type {Date} */ date) => date.toLocaleDateString("da-DK", { timeZone: "Europe/Copenhagen" });

const args = process.argv.slice(2);
const [command, ...rest] = args.filter((arg) => arg !== "--local");
if (!command || !["list", "add", "remove"].includes(command)) fail(USAGE);
if ((command === "list" && rest.length !== 0) || (command === "add" && rest.length !== 3) || (command === "remove" && rest.length !== 1))
  fail(USAGE);
const [id, name, originText] = rest;
if (command !== "list" && !PARTNER_ID.test(id))
  fail(`"${id}" kan ikke være et partner-id: brug små bogstaver a-z, tal og bindestreg (højst 64 tegn, ikke først), fx byportalen`);
if (command === "add" && !name.trim()) fail('Skriv partnerens navn, fx "Byportalen ApS" (i anførselstegn, hvis det har mellemrum).');
const origin = command === "add" ? originOf(originText) : "";

// The operator scripts' one way to a database: --local or SUPABASE_DB_URL, said on stderr.
const sql = operatorDatabase({ local: args.includes("--local") });
try {
  if (command === "list") {
    const partners = await sql`select id, name, origin, active, created_at from partners order by active desc, id`;
    if (partners.length === 0) console.log("Ingen partnere endnu. Tilføj en med: npm run partners -- add <id> <navn> <origin>");
    for (const partner of partners)
      console.log(
        [partner.id, partner.name, partner.origin, `tilføjet ${danishDate(partner.created_at)}`, partner.active ? "aktiv" : "fjernet"].join(
          "\t",
        ),
      );
  } else if (command === "add") {
    const [taken] = await sql`select id from partners where origin = ${origin} and active and id <> ${id}`;
    if (taken) fail(`${origin} er allerede registreret som partneren ${taken.id}. Én side krediterer én partner.`, 1);
    const [row] = await sql`
      insert into partners (id, name, origin) values (${id}, ${name.trim()}, ${origin})
      on conflict (id) do update set name = excluded.name, origin = excluded.origin, active = true where not partners.active
      returning id`;
    if (!row) fail(`Partneren ${id} findes allerede. Fjern den først (npm run partners -- remove ${id}), eller vælg et andet id.`, 1);
    console.log(`Tilføjet: ${id} (${name.trim()}) på ${origin}.`);
    console.log(`Partnerens side skal bruge <elektriker-tilbud partner="${id}">; formularen virker dér inden for et minut.`);
  } else {
    const [row] = await sql`update partners set active = false where id = ${id} and active returning origin`;
    if (!row) fail(`Der er ingen aktiv partner med id'et ${id}. Se listen med: npm run partners -- list`, 1);
    console.log(`Fjernet: ${id}. Inden for et minut kan ${row.origin} ikke længere sende; tidligere henvendelser beholder id'et.`);
  }
} finally {
  await sql.end({ timeout: 1 });
}
