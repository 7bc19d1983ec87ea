// What every page of the firm's site runs after its first paint, brought by the header's define module
// (nav-menu/define.ts, loaded by site/_lib/island-loader.js). It stays small and imports no Preact: the header's "Åben nu", and,
// once the browser is idle, a look for a quote request kept while the visitor was offline, whose
// sender is loaded only when there is one (quote-form/kept-requests.ts).
import { showOpenNow } from "./open-now/show-open-now.ts";
import { sendKeptWhenIdle } from "./quote-form/kept-check.ts";

showOpenNow();
sendKeptWhenIdle();
