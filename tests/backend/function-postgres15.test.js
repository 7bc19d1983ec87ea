import { defineFunctionSuite } from "./function-suite.js";
import { CONCERNS } from "./function/index.js";
import { startPostgres15 } from "../support/databases.js";

defineFunctionSuite("in process, on PostgreSQL 15", startPostgres15, "in-process", CONCERNS);
