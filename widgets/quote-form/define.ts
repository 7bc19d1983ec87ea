// Registers <elektriker-quote-form> on the firm's pages; the form's code loads on first interaction.
import { ISLANDS } from "../islands.js";
import { defineIsland, onFirstInteraction } from "../shared/island.ts";

defineIsland({ tag: ISLANDS.quoteForm.tag, mount: onFirstInteraction(() => import("./island.tsx").then((module) => module.mount)) });
