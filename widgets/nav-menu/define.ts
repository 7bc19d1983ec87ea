// Registers the header's <elektriker-nav> and <elektriker-mobile-menu>; their code loads on first
// interaction (the CSS dropdown and the <details> menu work before). The header is on every page of the
// firm's site, so this module, loaded after the first paint, also brings every page's own script
// (../every-page.ts): without a module address of its own in every page's first round trip, where
// /ydelser/private has few bytes to spare (tests/site/budget.test.js).
import "../every-page.ts";
import { ISLANDS } from "../islands.js";
import { defineIsland, onFirstInteraction } from "../shared/island.ts";

defineIsland({ tag: ISLANDS.nav.tag, mount: onFirstInteraction(() => import("./island.tsx").then((module) => module.mountNav)) });
defineIsland({
  tag: ISLANDS.mobileMenu.tag,
  mount: onFirstInteraction(() => import("./island.tsx").then((module) => module.mountMobileMenu)),
});
