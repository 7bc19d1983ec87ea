// `npm run team` (scripts/team.js): the firm's people for the inbox, changed as the firm does it in
// production, through the Auth admin API and the database, here the local gateway's stand-in of
// Supabase Auth and PostgreSQL 15. Whoever it adds gets a code and signs in; whoever it removes cannot.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../dev/local/free-port.js";
import { startAuthRig } from "../support/auth-rig.js";
import { runOperatorScript } from "../support/operator-script.js";
import { runTeam } from "../support/team-command.js";

let rig;
beforeAll(async () => {
  rig = await startAuthRig();
});
afterAll(() => rig?.stop());

const team = (...args) => runTeam({ apiUrl: rig.url, databaseUrl: rig.database.url }, args);

describe("npm run team", () => {
  it("adds an owner who then signs in with the mailed code", async () => {
    const added = await team("add", "Ejer@Example.dk", "ejer");
    expect(added.code, added.stderr).toBe(0);
    const { session } = await rig.signIn("ejer@example.dk");
    const [member] = await rig.sql`select role from team_members where user_id = ${session.user.id}`;
    expect(member.role).toBe("ejer");
  });

  it("lists the team with roles, and changes a role when added again", async () => {
    await team("add", "svend@example.dk", "ejer");
    await team("add", "svend@example.dk", "medarbejder");
    const listed = await team("list");
    expect(listed.stdout).toMatch(/ejer@example\.dk\tejer/);
    expect(listed.stdout).toMatch(/svend@example\.dk\tmedarbejder/);
    expect(await rig.sql`select 1 from auth.users where email = 'svend@example.dk'`).toHaveLength(1);
  });

  it("removes a person, who can then get no code", async () => {
    const removed = await team("remove", "svend@example.dk");
    expect(removed.code, removed.stderr).toBe(0);
    expect((await team("list")).stdout).not.toContain("svend@example.dk");
    const { error } = await rig.client().auth.signInWithOtp({ email: "svend@example.dk", options: { shouldCreateUser: false } });
    expect(error?.code).toBe("otp_disabled");
  });

  it("keeps the last owner, and refuses a role or address it does not know, in Danish", async () => {
    const last = await team("remove", "ejer@example.dk");
    expect(last.code).toBe(1);
    expect(last.stderr).toMatch(/mindst én ejer/);
    expect((await team("add", "x@example.dk", "chef")).stderr).toMatch(/ejer eller medarbejder/);
    expect((await team("remove", "ingen@example.dk")).stderr).toMatch(/ikke på teamet/);
    expect(await rig.sql`select 1 from auth.users where email = 'x@example.dk'`).toHaveLength(0);
  });

  it("says in Danish when the project does not answer", async () => {
    // A free port of this machine: nobody serves it, connections are refused at once.
    const result = await runTeam({ apiUrl: `http://127.0.0.1:${await freePort()}`, databaseUrl: rig.database.url }, [
      "add",
      "z@example.dk",
      "ejer",
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/svarer ikke/);
  });

  it("changes nothing without --local or the project's variables", async () => {
    const result = await runOperatorScript("team.js", ["add", "y@example.dk", "ejer"], { databaseUrl: rig.database.url });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/SUPABASE_SERVICE_ROLE_KEY/);
  });
});
