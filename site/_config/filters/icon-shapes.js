export { iconShapes } from "../../_lib/icons.js";
