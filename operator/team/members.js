// The firm's team for the inbox (/admin/indbakke): the people who may sign in, each an Auth user (their
// e-mail gets the sign-in code) and a row of public.team_members (their role). Both change together:
// adding makes the Auth user first, removing takes the row first (the database keeps the last owner:
// keep_an_owner, supabase/migrations/20261130000000_inbox.sql), then the Auth user.

/** @typedef {ReturnType<typeof import("../../supabase/functions/_shared/auth-admin.js").createAuthAdmin>} AuthAdmin */
/** @typedef {{ id: string, email: string, role: "ejer" | "medarbejder", added_at: Date }} Member */

export const ROLES = /** @type {const} */ (["ejer", "medarbejder"]);

/**
 * The members, owners first.
 * @param {import("postgres").Sql} sql
 * @returns {Promise<Member[]>}
 */
export async function listMembers(sql) {
  return await sql`select m.user_id as id, u.email, m.role, m.added_at
    from team_members m join auth.users u on u.id = m.user_id order by m.role, u.email`;
}

/**
 * Adds a person (or changes their role): their Auth user, made when there is none, and their row.
 * @param {{ sql: import("postgres").Sql, auth: AuthAdmin }} where
 * @param {string} email
 * @param {"ejer" | "medarbejder"} role
 */
export async function addMember({ sql, auth }, email, role) {
  const user = await auth.ensure(email);
  await sql`insert into team_members (user_id, role) values (${user.id}, ${role})
    on conflict (user_id) do update set role = excluded.role`;
  return user;
}

/**
 * Removes a person: their row (refused for the last owner), then their Auth user, so no code is mailed
 * to them again. False when the address is no member.
 * @param {{ sql: import("postgres").Sql, auth: AuthAdmin }} where
 * @param {string} email
 */
export async function removeMember({ sql, auth }, email) {
  const [gone] = await sql`delete from team_members m using auth.users u
    where u.id = m.user_id and lower(u.email) = lower(${email.trim()}) returning m.user_id`;
  if (!gone) return false;
  await auth.remove(gone.user_id);
  return true;
}
