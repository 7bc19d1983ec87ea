// Registers the header's <elektriker-nav> and <elektriker-mobile-menu>; their code loads on first
// interaction (the CSS dropdown and the <details> menu work before).
import { ISLANDS } from "../islands.js";
import { defineIsland, onFirstInteraction } from "../shared/island.ts";

defineIsland({ tag: ISLANDS.nav.tag, mount: onFirstInteraction(() => import("./island.tsx").then((module) => module.mountNav)) });
defineIsland({
  tag: ISLANDS.mobileMenu.tag,
  mount: onFirstInteraction(() => import("./island.tsx").then((module) => module.mountMobileMenu)),
});
