// Entry point of the send-contact-email Edge Function: reads the environment once and serves.
import { parseConfig } from "../_shared/config.ts";
import { log } from "../_shared/log.ts";
import { createMailer, createTransport } from "../_shared/mail.ts";
import { createReceipts } from "../_shared/receipt-delivery.ts";
import { createLeadSms } from "../_shared/sms-delivery.ts";
import { connect } from "../_shared/database.ts";
import { createSiteFacts } from "../_shared/site-facts.ts";
import { createStore } from "../_shared/store.ts";
import { createHandler } from "./handler.ts";
import { serveOptions, waitUntil } from "../_shared/runtime.ts";

const config = parseConfig(Deno.env.toObject());
const sql = connect(config.dbUrl, config.dbPoolMax, config.requestDeadlineMs);
// One transport (one SMTP pool) for the firm's e-mail and the customer's receipt.
const transport = createTransport(config);
const handler = createHandler({
  config,
  store: createStore(sql),
  mailer: createMailer(transport, config),
  log,
  waitUntil,
  receipts: createReceipts(sql, transport, config, log),
  siteFacts: createSiteFacts(sql, { url: config.siteFactsUrl, ttlMs: config.siteFactsTtlMs, log }),
  sms: config.sms && createLeadSms(sql, config.sms, log),
});
Deno.serve(serveOptions(config), handler);
