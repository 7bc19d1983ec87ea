// What every page of the firm's site runs after its first paint (site/_lib/island-loader.js), with no
// Preact: it defines each island of islands.js, whose island.ts comes with this module ('Åben nu') and
// whose island.tsx loads when it wakes; and, once the browser is idle, looks for a quote request kept
// while the visitor was offline, whose sender loads only when there is one (quote-form/kept-check.ts).
import { type Island, ISLANDS } from "./islands.js";
import { sendKeptWhenIdle } from "./quote-form/kept-check.ts";
import { defineIsland, type IslandModule, whenAwake } from "./shared/island.ts";

const withPage = import.meta.glob<IslandModule>("./*/island.ts", { eager: true });
const onWake = import.meta.glob<IslandModule>("./*/island.tsx");

for (const [name, { tag, folder, props, wake }] of Object.entries<Island>(ISLANDS)) {
  const load = async () => (withPage[`./${folder}/island.ts`] ?? (await onWake[`./${folder}/island.tsx`]()))[name];
  defineIsland({ tag, mount: whenAwake(wake, () => load().then((island) => (host) => island.mount(host, props))) });
}
sendKeptWhenIdle();
