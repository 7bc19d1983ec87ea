export { pageStructuredData } from "../../_lib/structured-data.js";
