// Registers <elektriker-faq>; the accordion's code loads on first interaction (the <details> work before).
import { ISLANDS } from "../islands.js";
import { defineIsland, onFirstInteraction } from "../shared/island.ts";

defineIsland({ tag: ISLANDS.faq.tag, mount: onFirstInteraction(() => import("./island.tsx").then((module) => module.mount)) });
