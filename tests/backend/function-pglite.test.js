import { defineFunctionSuite } from "./function-suite.js";
import { CONCERNS } from "./function/index.js";
import { startPglite } from "../support/databases.js";

defineFunctionSuite("in process, on PGlite", startPglite, "in-process", CONCERNS);
