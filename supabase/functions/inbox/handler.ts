// The inbox's HTTP side: CORS for the site's own page, the caller's token verified before anything
// else, one JSON action per POST, every refusal a Danish sentence, nothing cached.
import type postgres from "postgres";
import type { createAuthAdmin } from "../_shared/auth-admin.js";
import { corsHeaders } from "../_shared/cors.ts";
import { jsonResponse, readBody } from "../_shared/http.ts";
import type { Logger } from "../_shared/log.ts";
import { ACTIONS, type AsCaller, Refusal } from "./actions.ts";
import type { InboxConfig } from "./config.ts";
import { DATABASE_REFUSALS, MESSAGES, type MessageKey } from "./messages.ts";
import { bearerToken, type Claims, type Verifier } from "./token.ts";

export type InboxDeps = {
  config: InboxConfig;
  sql: postgres.Sql;
  verify: Verifier;
  admin: ReturnType<typeof createAuthAdmin>;
  log: Logger;
};

/**
 * Runs `work` in one transaction as the `authenticated` role with the verified claims in
 * `request.jwt.claims`, as Supabase's API runs a signed-in user's queries: `auth.uid()` is the caller.
 */
function asCallerOf(sql: postgres.Sql, claims: Claims): AsCaller {
  return (work) =>
    sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true), set_config('statement_timeout', '8000', true)`;
      await tx.unsafe("set local role authenticated");
      return await work(tx);
    }) as never;
}

/** The database's own refusal (an inbox_* function raised it), or null. */
function databaseRefusal(error: unknown): [number, MessageKey] | null {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (!code || !["42501", "P0002", "22023"].includes(code)) return null;
  return DATABASE_REFUSALS[message ?? ""] ?? null;
}

export function createInboxHandler({ config, sql, verify, admin, log }: InboxDeps) {
  return async (request: Request): Promise<Response> => {
    const origin = request.headers.get("origin");
    const headers = {
      ...(origin && config.siteOrigins.includes(origin) ? corsHeaders(origin) : { Vary: "Origin" }),
      "Cache-Control": "no-store",
    };
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers });
    const refuse = (status: number, key: MessageKey) => jsonResponse(status, { error: MESSAGES[key] }, headers);
    if (request.method !== "POST") return refuse(405, "method");
    let action = "";
    try {
      const token = bearerToken(request);
      const claims = token ? await verify(token) : null;
      if (!claims) return refuse(401, "signedOut");
      let params: unknown;
      try {
        params = JSON.parse(await readBody(request));
      } catch {
        return refuse(400, "body");
      }
      if (
        typeof params !== "object" ||
        params === null ||
        Array.isArray(params) ||
        typeof (params as { action?: unknown }).action !== "string"
      )
        return refuse(400, "body");
      action = (params as { action: string }).action;
      if (!Object.hasOwn(ACTIONS, action)) return refuse(400, "action");
      const result = await ACTIONS[action](params as Record<string, unknown>, {
        asCaller: asCallerOf(sql, claims),
        admin,
        vapidPublicKey: config.push?.publicKey,
      });
      log({ event: "inbox_action", action, status: 200 });
      if ("photo" in result) {
        const { contentType, bytes } = result.photo as { contentType: string; bytes: Uint8Array };
        return new Response(bytes as BodyInit, { status: 200, headers: { ...headers, "Content-Type": contentType } });
      }
      return jsonResponse(200, result, headers);
    } catch (error) {
      const refusal = error instanceof Refusal ? ([error.status, error.key] as const) : databaseRefusal(error);
      if (refusal) {
        log({ event: "inbox_action", action, status: refusal[0], refused: refusal[1] });
        return refuse(refusal[0], refusal[1]);
      }
      // The error's name and code only: a message from the database may quote a customer's data.
      const { name, code } = (error ?? {}) as { name?: string; code?: string };
      log({ event: "inbox_failed", level: "error", action, status: 500, error: name, code });
      return refuse(500, "failed");
    }
  };
}
