// Registers <elektriker-faq>; the accordion's code loads on first interaction (the <details> work before).
import { defineIsland } from "../shared/island.ts";

defineIsland("elektriker-faq", () => import("./hydrate.tsx").then((module) => module.mount));
