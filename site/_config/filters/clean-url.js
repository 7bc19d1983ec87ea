export { cleanUrl } from "../../_lib/urls.js";
