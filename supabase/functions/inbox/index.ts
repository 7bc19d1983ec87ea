// Entry point of the inbox Edge Function: reads the environment once and serves.
import { createAuthAdmin } from "../_shared/auth-admin.js";
import { connect } from "../_shared/database.ts";
import { log } from "../_shared/log.ts";
import { serveOptions } from "../_shared/runtime.ts";
import { parseInboxConfig } from "./config.ts";
import { createInboxHandler } from "./handler.ts";
import { createVerifier } from "./token.ts";

const config = parseInboxConfig(Deno.env.toObject());
Deno.serve(
  serveOptions(config),
  createInboxHandler({
    config,
    sql: connect(config.dbUrl, config.dbPoolMax),
    verify: createVerifier(config.projectUrl),
    admin: createAuthAdmin(config.projectUrl, config.serviceRoleKey),
    log,
  }),
);
