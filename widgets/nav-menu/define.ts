// Registers the header's <elektriker-nav> and <elektriker-mobile-menu>; their code loads on first
// interaction (the CSS dropdown and the <details> menu work before).
import { ISLANDS } from "../islands.js";
import { defineIsland } from "../shared/island.ts";

defineIsland(ISLANDS.nav.tag, () => import("./island.tsx").then((module) => module.mountNav));
defineIsland(ISLANDS.mobileMenu.tag, () => import("./island.tsx").then((module) => module.mountMobileMenu));
