// Writes whether the phone is answered now into the page's reserved boxes (`<open-now>`), and again at
// each new minute while the page stays open. The boxes are in the static HTML with the phone hours as
// text and a fixed size (site/_includes/partials/open-now.njk), so replacing the text moves nothing.
import { PHONE_HOURS } from "./compiled-phone-hours.ts";
import { openNow, type PhoneHours } from "./open-now.ts";

const MINUTE = 60_000;

export function showOpenNow(hours: PhoneHours = PHONE_HOURS): void {
  // Defined, as every custom element of the page is once its script has run (the browser tests wait for that).
  if (!customElements.get("open-now")) customElements.define("open-now", class extends HTMLElement {});
  const boxes = document.querySelectorAll<HTMLElement>("open-now");
  if (boxes.length === 0) return;
  const render = () => {
    const now = new Date();
    const { open, text } = openNow(hours, now);
    for (const box of boxes) {
      box.textContent = text;
      box.classList.toggle("is-open", open);
      box.classList.toggle("is-closed", !open);
    }
    setTimeout(render, MINUTE - (now.getTime() % MINUTE));
  };
  render();
}
