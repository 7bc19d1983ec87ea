import { defineFunctionSuite } from "./function-suite.js";
import { startPglite } from "../support/databases.js";

defineFunctionSuite("PGlite", startPglite);
