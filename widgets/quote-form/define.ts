// Registers <elektriker-quote-form> on the firm's pages; the form's code loads on first interaction.
import { defineIsland } from "../shared/island.ts";

defineIsland("elektriker-quote-form", () => import("./hydrate.tsx").then((module) => module.mount));
