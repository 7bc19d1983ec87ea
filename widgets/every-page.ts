// The one module every page of the firm's site loads, after its first paint (site/_lib/island-loader.js,
// widgets/islands.js EVERY_PAGE). It stays small and imports no Preact: the header's "Åben nu".
import { showOpenNow } from "./open-now/show-open-now.ts";

showOpenNow();
