import { startPostgres15 } from "../support/databases.js";
import { defineReceiptSuite } from "./receipt-suite.js";

defineReceiptSuite("PostgreSQL 15", startPostgres15);
defineReceiptSuite("PostgreSQL 15", startPostgres15, "deno");
