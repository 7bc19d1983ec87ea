// The functions as deployed: under the real Deno runtime, against PostgreSQL 15, the cases that show
// what the runtime itself does (the in-process runs cover the rest, faster).
import { defineFunctionSuite } from "./function-suite.js";
import { CONCERNS } from "./function/index.js";
import { startPostgres15 } from "../support/databases.js";

defineFunctionSuite("under Deno, on PostgreSQL 15", startPostgres15, "deno", CONCERNS);
