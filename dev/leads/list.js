// Only for dev/gdpr/, which reads the e-mail statuses in Danish from here ("../leads/list.js") and is
// about to move to operator/gdpr/, beside operator/leads/, where that same path reaches the list itself.
// Delete this file with that move.
export { STATUS_IN_DANISH } from "../../operator/leads/list.js";
