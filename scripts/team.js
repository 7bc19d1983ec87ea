// The people who may sign in to the firm's inbox (/admin/indbakke), and their roles:
//   npm run team -- list                               the team
//   npm run team -- add <e-mail> ejer|medarbejder      adds a person (or changes their role)
//   npm run team -- remove <e-mail>                    removes a person: they can no longer sign in
// Add --local for the local stack of `npm start`; otherwise SUPABASE_DB_URL, SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY (docs/deploy.md). The owner can do the same in the inbox.
import { operatorAuth } from "../operator/auth-client.js";
import { operatorDatabase } from "../operator/database-client.js";
import { addMember, listMembers, removeMember, ROLES } from "../operator/team/members.js";

const USAGE = `Brug:
  npm run team -- list [--local]
  npm run team -- add <e-mail> ejer|medarbejder [--local]
  npm run team -- remove <e-mail> [--local]`;

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
const [command, ...rest] = args.filter((arg) => arg !== "--local");
if (!command || !["list", "add", "remove"].includes(command)) fail(USAGE);
if ((command === "list" && rest.length !== 0) || (command === "add" && rest.length !== 2) || (command === "remove" && rest.length !== 1))
  fail(USAGE);
const [email, role] = rest;
if (command !== "list" && !/^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/.test(email)) fail(`"${email}" er ikke en e-mailadresse.`);
if (command === "add" && !ROLES.includes(/** @type {any} */ (role))) fail(`Rollen skal være ejer eller medarbejder, ikke "${role}".`);

const sql = operatorDatabase({ local });
try {
  if (command === "list") {
    const members = await listMembers(sql);
    if (members.length === 0) console.log("Ingen på teamet endnu. Tilføj ejeren med: npm run team -- add <e-mail> ejer");
    for (const member of members)
      console.log(
        [member.email, member.role, `tilføjet ${member.added_at.toLocaleDateString("da-DK", { timeZone: "Europe/Copenhagen" })}`].join(
          "\t",
        ),
      );
  } else if (command === "add") {
    const user = await addMember({ sql, auth: operatorAuth({ local }) }, email, /** @type {"ejer" | "medarbejder"} */ (role));
    console.log(`${user.email} er nu ${role} og kan logge ind i indbakken (/admin/indbakke) med en kode på e-mail.`);
  } else if (!(await removeMember({ sql, auth: operatorAuth({ local }) }, email))) {
    fail(`${email} er ikke på teamet. Se det med: npm run team -- list`, 1);
  } else {
    console.log(`${email} er fjernet fra teamet og kan ikke længere logge ind.`);
  }
} catch (error) {
  const { message, code, cause } = /** @type {{ message?: string, code?: string, cause?: { code?: string } }} */ (error);
  if (message === "last_owner")
    fail("Firmaet skal have mindst én ejer: tilføj en anden ejer først (npm run team -- add <e-mail> ejer).", 1);
  // fetch says "fetch failed" with the reason as its cause; postgres gives the code itself.
  if (code === "ECONNREFUSED" || cause?.code === "ECONNREFUSED" || (error instanceof TypeError && message === "fetch failed"))
    fail(
      local
        ? "Den lokale stak svarer ikke: start den med npm start i en anden terminal."
        : "Projektet eller databasen svarer ikke: tjek SUPABASE_URL og SUPABASE_DB_URL.",
      1,
    );
  throw error;
} finally {
  await sql.end({ timeout: 1 });
}
