// The database the operator scripts (leads, forget-requester) talk to: SUPABASE_DB_URL, or the local
// stack of `npm start` when it is not set.
import postgres from "postgres";

/** The local stack's database URL (dev/local/database.js on the Supabase CLI's port). */
export const LOCAL_DATABASE_URL = "postgres://postgres:postgres@127.0.0.1:54322/postgres";

/** A one-connection client for an operator script. */
export const operatorDatabase = () =>
  postgres(process.env.SUPABASE_DB_URL ?? LOCAL_DATABASE_URL, { prepare: false, max: 1, onnotice: () => {} });
