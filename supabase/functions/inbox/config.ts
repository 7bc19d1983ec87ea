// The inbox's settings, read from the environment once at start-up and validated: a function that could
// not verify a token or reach the database stops at start instead, naming the variable.
import * as z from "zod/mini";
import { siteOrigins } from "../_shared/site-origins.ts";
import { type VapidSettings, vapidSettings } from "../_shared/web-push.ts";

const whole = (min: number, max: number, hint: string) =>
  z
    .pipe(
      z.string(),
      z.transform((value: string) => Number(value)),
    )
    .check(z.refine((value: number) => Number.isInteger(value) && value >= min && value <= max, hint));

const environmentSchema = z.object({
  // The project's URL, which the platform gives every function: its Auth issues the tokens
  // (<url>/auth/v1) and publishes the keys that verify them (<url>/auth/v1/.well-known/jwks.json).
  SUPABASE_URL: z.url(),
  // The platform's too: the Auth admin API (adding a member creates their Auth user).
  SUPABASE_SERVICE_ROLE_KEY: z.string().check(z.minLength(20, "must be the project's service role (secret) key")),
  SUPABASE_DB_URL: z.string().check(z.regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
  // Optional, as for send-contact-email: the transaction pooler.
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL"))),
  // The site, whose /admin/indbakke page calls the function: the only origin CORS lets read the answers.
  SITE_URL: z.url(),
  DB_POOL_MAX: z.prefault(whole(1, 20, "must be 1-20 connections"), "4"),
  // Only for local runs: the port Deno.serve listens on (0: a free one, read back from the log).
  PORT: z.optional(whole(0, 65535, "must be a port number (0 picks a free one)")),
});

export type InboxConfig = {
  projectUrl: string;
  serviceRoleKey: string;
  dbUrl: string;
  dbPoolMax: number;
  siteOrigins: string[];
  /** The VAPID keys (the same secrets the outbox's push channel signs with); absent: no notifications. */
  push?: VapidSettings;
  port?: number;
};

/** Parses the environment into the inbox's settings, or throws naming every bad variable (never its value). */
export function parseInboxConfig(env: Record<string, string | undefined>): InboxConfig {
  const result = environmentSchema.safeParse(env);
  const push = vapidSettings(env);
  if (!result.success || Array.isArray(push)) {
    const problems = [
      ...(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)),
      ...(Array.isArray(push) ? push : []),
    ];
    throw new Error(`Invalid function environment:\n  ${problems.join("\n  ")}`);
  }
  const e = result.data;
  return {
    projectUrl: e.SUPABASE_URL.replace(/\/+$/, ""),
    serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY,
    dbUrl: e.DATABASE_URL ?? e.SUPABASE_DB_URL,
    dbPoolMax: e.DB_POOL_MAX,
    siteOrigins: siteOrigins(e.SITE_URL),
    push,
    port: e.PORT,
  };
}
