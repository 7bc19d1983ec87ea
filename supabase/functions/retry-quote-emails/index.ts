// Entry point of the retry-quote-emails Edge Function: reads the environment once and serves.
import { parseConfig } from "../_shared/config.ts";
import { log } from "../_shared/log.ts";
import { createMailer, createTransport } from "../_shared/mail.ts";
import { createStatementSender } from "../_shared/monthly-statement.ts";
import { createReceipts } from "../_shared/receipt-delivery.ts";
import { createLeadSms } from "../_shared/sms-delivery.ts";
import { serveOptions, waitUntil } from "../_shared/runtime.ts";
import { connect } from "../_shared/database.ts";
import { createSiteFacts } from "../_shared/site-facts.ts";
import { createStore } from "../_shared/store.ts";
import { createRetryHandler } from "./handler.ts";

const config = parseConfig(Deno.env.toObject());
const sql = connect(config.dbUrl, config.dbPoolMax, config.requestDeadlineMs);
// One transport (one SMTP pool) for the retried e-mails, the receipts and the monthly statement.
const transport = createTransport(config);
Deno.serve(
  serveOptions(config),
  createRetryHandler({
    config,
    store: createStore(sql),
    mailer: createMailer(transport, config),
    log,
    sendDueStatement: createStatementSender(sql, transport, config, log),
    waitUntil,
    receipts: createReceipts(sql, transport, config, log),
    siteFacts: createSiteFacts(sql, { url: config.siteFactsUrl, ttlMs: config.siteFactsTtlMs, log }),
    sms: config.sms && createLeadSms(sql, config.sms, log),
  }),
);
