import { startPglite } from "../support/databases.js";
import { defineReceiptSuite } from "./receipt-suite.js";

defineReceiptSuite("PGlite", startPglite);
