// Registers <elektriker-quote-form> on the firm's pages; the form's code loads on first interaction.
import { ISLANDS } from "../islands.js";
import { defineIsland } from "../shared/island.ts";

defineIsland(ISLANDS.quoteForm.tag, () => import("./island.tsx").then((module) => module.mount));
