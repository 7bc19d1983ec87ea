// The embed's `check` attribute (docs/partners.md, "Checking a set-up"): one line in the console saying
// whether this page may send and whether its partner id is credited here, in the function's words
// (a GET that reads no body and stores nothing). For a partner's developer before going live; a
// failure to reach the function (connect-src missing in the page's CSP) is logged as the browser's error.
import type { Backend } from "./send-quote.ts";

let checked: string | undefined | null = null;

/** Asks the function about this page and `partner`, and writes its answer to the console, once per partner id. */
export function checkSetup(backend: Backend, partner?: string): void {
  if (partner === checked) return;
  checked = partner;
  fetch(`${backend.url}/functions/v1/${backend.functionName}?check&partner=${encodeURIComponent(partner ?? "")}`)
    .then((response) => response.json().then((answer: { message: string }) => console[response.ok ? "info" : "warn"](answer.message)))
    .catch(console.warn);
}
