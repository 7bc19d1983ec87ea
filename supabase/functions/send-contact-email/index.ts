// Entry point of the send-contact-email Edge Function: reads the environment once and serves.
import { createChannels } from "../_shared/channels.ts";
import { parseConfig } from "../_shared/config.ts";
import { connect } from "../_shared/database.ts";
import { log } from "../_shared/log.ts";
import { createTransport } from "../_shared/mail.ts";
import { createOutbox } from "../_shared/outbox.ts";
import { serveOptions, waitUntil } from "../_shared/runtime.ts";
import { createSiteFacts } from "../_shared/site-facts.ts";
import { createStore } from "../_shared/store.ts";
import { createHandler } from "./handler.ts";

const config = parseConfig(Deno.env.toObject());
const sql = connect(config.dbUrl, config.dbPoolMax, config.requestDeadlineMs);
const store = createStore(sql);
// One transport (one SMTP pool) for every e-mail the outbox sends.
const transport = createTransport(config);
const handler = createHandler({
  config,
  store,
  outbox: createOutbox(sql, createChannels({ config, store, transport, log }), log),
  log,
  waitUntil,
  siteFacts: createSiteFacts(sql, { url: config.siteFactsUrl, ttlMs: config.siteFactsTtlMs, log }),
});
Deno.serve(serveOptions(config), handler);
