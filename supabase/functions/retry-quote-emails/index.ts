// Entry point of the retry-quote-emails Edge Function: reads the environment once and serves.
import { createChannels } from "../_shared/channels.ts";
import { parseConfig } from "../_shared/config.ts";
import { connect } from "../_shared/database.ts";
import { log } from "../_shared/log.ts";
import { createTransport } from "../_shared/mail.ts";
import { createOutbox } from "../_shared/outbox.ts";
import { serveOptions, waitUntil } from "../_shared/runtime.ts";
import { createSiteFacts } from "../_shared/site-facts.ts";
import { createStore } from "../_shared/store.ts";
import { createRetryHandler } from "./handler.ts";

const config = parseConfig(Deno.env.toObject());
const sql = connect(config.dbUrl, config.dbPoolMax, config.requestDeadlineMs);
// One transport (one SMTP pool) for every e-mail the outbox sends.
const transport = createTransport(config);
Deno.serve(
  serveOptions(config),
  createRetryHandler({
    config,
    outbox: createOutbox(sql, createChannels({ config, store: createStore(sql), transport, log }), log),
    log,
    waitUntil,
    siteFacts: createSiteFacts(sql, { url: config.siteFactsUrl, ttlMs: config.siteFactsTtlMs, log }),
  }),
);
