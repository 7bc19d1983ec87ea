// What both functions are made of as deployed (their index.ts): the configuration, read once from the
// environment and validated; one database pool; one mail transport (one SMTP pool) for every e-mail;
// the store; the outbox with its channels; the site's facts; the log; and the runtime's hook for work
// after the answer.
import { createChannels } from "./channels.ts";
import { parseConfig } from "./config.ts";
import { connect } from "./database.ts";
import { log } from "./log.ts";
import { createTransport } from "./mail.ts";
import { createOutbox } from "./outbox.ts";
import { waitUntil } from "./runtime.ts";
import { createSiteFacts } from "./site-facts.ts";
import { createStore } from "./store.ts";

export function deployedParts() {
  const config = parseConfig(Deno.env.toObject());
  const sql = connect(config.dbUrl, config.dbPoolMax, config.requestDeadlineMs);
  const store = createStore(sql);
  const outbox = createOutbox(sql, createChannels({ config, store, transport: createTransport(config), log }), log);
  const siteFacts = createSiteFacts(sql, { url: config.siteFactsUrl, ttlMs: config.siteFactsTtlMs, log });
  return { config, store, outbox, siteFacts, log, waitUntil };
}
