// Every concern of the functions' behaviour, in the order the suites run them (see ../function-suite.js).
import answers from "./answers.js";
import validation from "./validation.js";
import origins from "./origins.js";
import spam from "./spam.js";
import rateLimits from "./rate-limits.js";
import idempotency from "./idempotency.js";
import mailDelivery from "./mail-delivery.js";
import outbox from "./outbox.js";
import alerts from "./alerts.js";
import privacy from "./privacy.js";
import sms from "./sms.js";
import callback from "./callback.js";
import bookings from "./bookings.js";

/** @type {import("../function-suite.js").Concern[]} */
export const CONCERNS = [
  answers,
  validation,
  origins,
  spam,
  rateLimits,
  idempotency,
  outbox,
  mailDelivery,
  alerts,
  privacy,
  sms,
  callback,
  bookings,
];
