// Registers <elektriker-faq>; the accordion's code loads on first interaction (the <details> work before).
import { ISLANDS } from "../islands.js";
import { defineIsland } from "../shared/island.ts";

defineIsland(ISLANDS.faq.tag, () => import("./island.tsx").then((module) => module.mount));
