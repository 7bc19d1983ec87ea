// Writes whether the phone is answered now into the page's reserved boxes (`data-open-now`), and again at
// each new minute while the page stays open. The boxes are in the static HTML with the phone hours as
// text and a fixed size (site/styles/main.css, .open-now), so replacing the text moves nothing. A box
// marked `data-open-now="akut"` stands beside the emergency number: closed, it points to it instead of
// to the next opening.
import { PHONE_HOURS } from "./compiled-phone-hours.ts";
import { openNow, type PhoneHours } from "./open-now.ts";

const MINUTE = 60_000;

export function showOpenNow(hours: PhoneHours = PHONE_HOURS): void {
  const boxes = document.querySelectorAll<HTMLElement>("[data-open-now]");
  if (boxes.length === 0) return;
  const render = () => {
    const now = new Date();
    const { open, text } = openNow(hours, now);
    for (const box of boxes) {
      box.textContent = !open && box.dataset.openNow === "akut" ? "Lukket nu · døgnvagt ved akut fejl" : text;
      box.classList.toggle("is-open", open);
      box.classList.toggle("is-closed", !open);
    }
    setTimeout(render, MINUTE - (now.getTime() % MINUTE));
  };
  render();
}
