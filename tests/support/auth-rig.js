// Sign-in as the local stack gives it, for the backend tests of the inbox: a PostgreSQL 15 database, a
// mailbox, the local gateway with the stand-in of Supabase Auth (dev/local/auth-stand-in.js), and the
// inbox function under Deno behind it when asked. Members are added through the Auth admin API and
// signed in through @supabase/supabase-js with the code the mailbox received, as the page does it.
import { createClient } from "@supabase/supabase-js";
import postgres from "postgres";
import WebSocket from "ws";
import { createAuthStandIn, LOCAL_AUTH_KEYS } from "../../dev/local/auth-stand-in.js";
import { runFunction, startGateway } from "../../dev/local/functions.js";
import { startPostgres15 } from "./databases.js";
import { functionEnv } from "./function.js";
import { startMailbox } from "./mailbox.js";

/**
 * @param {{ functions?: string[], auth?: Partial<import("../../dev/local/auth-stand-in.js").AuthStandInOptions>,
 *   env?: Record<string, string> }} [options] functions: run these under Deno behind the gateway
 */
export async function startAuthRig({ functions = [], auth: settings = {}, env = {} } = {}) {
  const database = await startPostgres15();
  const mailbox = await startMailbox();
  const gateway = await startGateway([], 0);
  const url = `http://127.0.0.1:${gateway.port}`;
  const auth = createAuthStandIn({ databaseUrl: database.url, smtpUrl: mailbox.url, projectUrl: () => url, ...settings });
  gateway.attachAuth(auth);
  const sql = postgres(database.url, { prepare: false, max: 2, onnotice: () => {} });
  /** @type {string[]} */
  const output = [];
  const environment = {
    ...functionEnv(database, mailbox.url),
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: LOCAL_AUTH_KEYS.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_AUTH_KEYS.serviceRoleKey,
    ...env,
  };
  const running = await Promise.all(
    functions.map((name) => runFunction(name, environment, { onOutput: (_name, text) => output.push(text) })),
  );
  gateway.attach(running);

  /** A supabase-js client as the page makes it, without storage between tests. */
  const client = () =>
    createClient(url, LOCAL_AUTH_KEYS.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: /** @type {any} */ (WebSocket) },
    });

  /** The admin API as `npm run team` calls it. @param {string} path @param {RequestInit} [init] */
  const admin = (path, init = {}) =>
    fetch(`${url}/auth/v1/admin/${path}`, {
      ...init,
      headers: {
        apikey: LOCAL_AUTH_KEYS.serviceRoleKey,
        Authorization: `Bearer ${LOCAL_AUTH_KEYS.serviceRoleKey}`,
        "Content-Type": "application/json",
      },
    });

  /** The newest code mailed to `email`. @param {string} email */
  async function codeFor(email) {
    for (const mail of (await mailbox.all()).reverse()) {
      if (mail.recipients.includes(email)) return /\b(\d{6})\b/.exec(mail.parsed.subject ?? "")?.[1];
    }
    return undefined;
  }

  return {
    url,
    database,
    mailbox,
    sql,
    output,
    client,
    admin,
    codeFor,
    /** Signs any claims with the stand-in's key (what Auth never issues). */
    signToken: auth.signToken,
    /** Creates an Auth user (as the admin API does) and, with a role, makes them a member of the team. @param {string} email @param {"ejer" | "medarbejder"} [role] */
    async addUser(email, role) {
      const response = await admin("users", { method: "POST", body: JSON.stringify({ email, email_confirm: true }) });
      const user = await response.json();
      if (role) await sql`insert into public.team_members (user_id, role) values (${user.id}, ${role})`;
      return /** @type {{ id: string, email: string }} */ (user);
    },
    /** Signs `email` in with supabase-js and the mailed code; returns the client and its session. @param {string} email */
    async signIn(email) {
      const supabase = client();
      const asked = await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
      if (asked.error) throw asked.error;
      const { data, error } = await supabase.auth.verifyOtp({ email, token: String(await codeFor(email)), type: "email" });
      if (error || !data.session) throw error ?? new Error("no session");
      return { supabase, session: data.session };
    },
    async stop() {
      await Promise.all(running.map((fn) => fn.stop()));
      await gateway.stop();
      await auth.stop();
      await sql.end({ timeout: 1 });
      await mailbox.stop();
      await database.stop();
    },
  };
}
