// Registers the header's <elektriker-nav> and <elektriker-mobile-menu>; their code loads on first
// interaction (the CSS dropdown and the <details> menu work before).
import { defineIsland } from "../shared/island.ts";

defineIsland("elektriker-nav", () => import("./hydrate.tsx").then((module) => module.mountNav));
defineIsland("elektriker-mobile-menu", () => import("./hydrate.tsx").then((module) => module.mountMobileMenu));
