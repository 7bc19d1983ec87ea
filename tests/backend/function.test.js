// The functions in process against PostgreSQL 15 (what Supabase runs): every case of every concern.
import { defineFunctionSuite } from "./function-suite.js";
import { CONCERNS } from "./function/index.js";
import { startPostgres15 } from "../support/databases.js";

defineFunctionSuite("in process, on PostgreSQL 15", startPostgres15, "in-process", CONCERNS);
