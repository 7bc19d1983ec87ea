// The functions as deployed: under the real Deno runtime, against PostgreSQL 15, the cases of the suite
// that show what the runtime itself does (the in-process runs cover the rest, faster).
import { startPostgres15 } from "../support/databases.js";
import { defineFunctionSuite } from "./function-suite.js";

defineFunctionSuite("PostgreSQL 15", startPostgres15, "deno");
