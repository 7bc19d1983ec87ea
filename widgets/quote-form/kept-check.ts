// Every page's look for a quote request kept on this device while the visitor was offline
// (kept-requests.ts): a read of one localStorage flag once the browser is idle, and the sender's code
// only when the flag is there, so a page with nothing kept loads nothing more.
import { flag } from "./kept-on-device.json";

export function sendKeptWhenIdle(): void {
  const check = () => {
    try {
      if (!localStorage.getItem(flag)) return;
    } catch {
      return; // no storage: nothing can have been kept
    }
    import("./send-kept.ts").then(({ sendKept }) => sendKept());
  };
  if ("requestIdleCallback" in window) requestIdleCallback(check, { timeout: 5_000 });
  else setTimeout(check);
}
