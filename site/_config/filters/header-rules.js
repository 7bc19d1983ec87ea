export { headerRules } from "../../_lib/security-headers.js";
