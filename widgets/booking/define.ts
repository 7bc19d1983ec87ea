// Registers <elektriker-booking>. Unlike the other islands it starts without waiting for an interaction:
// the free times are the page's errand. The page loads this module after its first paint, which shows
// the box the times come into (site/_lib/island-loader.js), so nothing waits for them.
import { ISLANDS } from "../islands.js";
import { defineIsland } from "../shared/island.ts";

defineIsland({
  tag: ISLANDS.bookingForm.tag,
  mount: (host) => {
    let unmount: (() => void) | undefined;
    let gone = false;
    import("./island.tsx")
      .then((module) => {
        if (!gone) unmount = module.mount(host);
      })
      .catch((error) => {
        console.error(`${host.localName} could not start`, error);
        host.setAttribute("failed", "");
      });
    return () => {
      gone = true;
      unmount?.();
    };
  },
});
