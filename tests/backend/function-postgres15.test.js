import { defineFunctionSuite } from "./function-suite.js";
import { startPostgres15 } from "../support/databases.js";

defineFunctionSuite("PostgreSQL 15", startPostgres15);
