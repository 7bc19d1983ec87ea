// The Auth admin API the operator commands use (`npm run team`): the project of SUPABASE_URL with
// SUPABASE_SERVICE_ROLE_KEY, or the local stack's stand-in of Supabase Auth with --local. Never a guess:
// without either it refuses, and it says which one it uses.
import { createAuthAdmin } from "../supabase/functions/_shared/auth-admin.js";

/**
 * The local stack's project (the gateway on the Supabase CLI's port, README.md, "The local stack": its
 * functions and its Auth) and the stand-in's fixed service role key, which dev/local/auth-stand-in.js
 * accepts: local only, as the Supabase CLI's own is.
 */
export const LOCAL_PROJECT = { url: "http://127.0.0.1:54321", serviceRoleKey: "local-stand-in-service-role-key" };

/**
 * The admin client, as `operatorAuth({ local: args.includes("--local") })`: says on stderr which
 * project it uses; without --local or the two variables it refuses (exit 2).
 * @param {{ local: boolean }} options
 * @param {Record<string, string | undefined>} [env]
 */
export function operatorAuth({ local }, env = process.env) {
  const url = local ? LOCAL_PROJECT.url : env.SUPABASE_URL;
  const key = local ? LOCAL_PROJECT.serviceRoleKey : env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !key) {
    console.error(
      "Hvilket projekt? Skriv --local for den lokale stak fra npm start, eller sæt SUPABASE_URL og SUPABASE_SERVICE_ROLE_KEY (projektets service role-nøgle, docs/deploy.md). Intet er ændret.",
    );
    process.exit(2);
  }
  console.error(`Auth: ${url}/auth/v1 (${local ? "den lokale stand-in fra npm start, --local" : "SUPABASE_URL"})`);
  return createAuthAdmin(url, key);
}
