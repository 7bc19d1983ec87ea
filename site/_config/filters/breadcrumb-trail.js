export { breadcrumbTrail } from "../../_lib/breadcrumbs.js";
