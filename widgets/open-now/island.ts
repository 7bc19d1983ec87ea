// <open-now>: writes whether the phone is answered now into its box, and again at each new minute while
// the page stays open. The boxes are in the static HTML with the phone hours as text and a fixed size
// (site/_includes/partials/open-now.njk), so replacing the text moves nothing. Plain DOM code, no
// Preact: it comes with every page's module and mounts at once (widgets/islands.js).
import { PHONE_HOURS } from "./compiled-phone-hours.ts";
import { openNow as stateAt } from "./open-now.ts";

const MINUTE = 60_000;

export const openNow = {
  mount: (box: HTMLElement) => {
    let timer: ReturnType<typeof setTimeout>;
    const render = () => {
      const now = new Date();
      const { open, text } = stateAt(PHONE_HOURS, now);
      box.textContent = text;
      box.classList.toggle("is-open", open);
      box.classList.toggle("is-closed", !open);
      timer = setTimeout(render, MINUTE - (now.getTime() % MINUTE));
    };
    render();
    return { unmount: () => clearTimeout(timer) };
  },
};
