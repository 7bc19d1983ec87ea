// Registers <elektriker-callback-form>; the form's code loads on first interaction (it posts as a plain form before).
import { ISLANDS } from "../islands.js";
import { defineIsland, onFirstInteraction } from "../shared/island.ts";

defineIsland({ tag: ISLANDS.callbackForm.tag, mount: onFirstInteraction(() => import("./island.tsx").then((module) => module.mount)) });
