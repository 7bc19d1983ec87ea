// Supabase Auth's admin API, as the inbox function (the owner adds and removes people) and `npm run
// team` use it: the project's Auth users, with the service role key. Plain JavaScript so that both the
// function (Deno) and the operator command (Node) call the one client. Locally the gateway serves a
// stand-in of these endpoints (dev/local/auth-stand-in.js).

/** @typedef {{ id: string, email: string }} AuthUser */

/** Thrown when Auth refuses: its status and GoTrue's error code. */
export class AuthAdminError extends Error {
  /** @param {number} status @param {string} code */
  constructor(status, code) {
    super(`Auth admin API answered ${status} ${code}`);
    this.status = status;
    this.code = code;
  }
}

/**
 * The admin API of the project at `projectUrl` (its origin; Auth is under /auth/v1).
 * @param {string} projectUrl
 * @param {string} serviceRoleKey
 * @param {typeof fetch} [fetcher]
 */
export function createAuthAdmin(projectUrl, serviceRoleKey, fetcher = fetch) {
  const base = `${projectUrl.replace(/\/+$/, "")}/auth/v1/admin/users`;
  /** @param {string} path @param {RequestInit} [init] */
  async function call(path, init = {}) {
    const response = await fetcher(`${base}${path}`, {
      ...init,
      headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, "Content-Type": "application/json" },
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new AuthAdminError(response.status, String(body.error_code ?? body.code ?? ""));
    return body;
  }
  /** @returns {Promise<AuthUser[]>} every user (at most 1,000: a firm's team is far fewer) */
  const list = async () =>
    (await call("?page=1&per_page=1000")).users.map((/** @type {AuthUser} */ user) => ({ id: user.id, email: user.email }));
  return {
    list,
    /**
     * The Auth user of `email`, created (confirmed, so the e-mail code signs them in) when there is none.
     * @param {string} email
     * @returns {Promise<AuthUser>}
     */
    async ensure(email) {
      const address = email.trim().toLowerCase();
      try {
        const user = await call("", { method: "POST", body: JSON.stringify({ email: address, email_confirm: true }) });
        return { id: user.id, email: user.email };
      } catch (error) {
        if (!(error instanceof AuthAdminError) || error.code !== "email_exists") throw error;
        const found = (await list()).find((user) => user.email.toLowerCase() === address);
        if (!found) throw error;
        return found;
      }
    },
    /** Deletes an Auth user: they can no longer sign in. @param {string} id */
    async remove(id) {
      await call(`/${id}`, { method: "DELETE" });
    },
  };
}
