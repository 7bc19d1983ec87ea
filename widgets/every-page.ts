// What every page of the firm's site runs after its first paint (site/_lib/island-loader.js loads it):
// it defines each island of islands.js, whose module comes with this one (`island.ts`, plain DOM code:
// 'Åben nu') or loads when the island wakes (`island.tsx`, a component, with Preact); and, once the
// browser is idle, looks for a quote request kept while the visitor was offline, whose sender is loaded
// only when there is one (quote-form/kept-requests.ts). It stays small and imports no Preact.
import { type Island, ISLANDS } from "./islands.js";
import { sendKeptWhenIdle } from "./quote-form/kept-check.ts";
import { defineIsland, type IslandModule, whenAwake } from "./shared/island.ts";

const withPage = import.meta.glob<IslandModule>("./*/island.ts", { eager: true });
const onWake = import.meta.glob<IslandModule>("./*/island.tsx");

for (const [name, island] of Object.entries<Island>(ISLANDS)) {
  const path = `./${island.module}`;
  const load = async () => {
    const module = withPage[path] ?? (await onWake[path]());
    return (host: HTMLElement) => module[name].mount(host, island.props);
  };
  defineIsland({ ...island, mount: whenAwake(island.wake, load) });
}
sendKeptWhenIdle();
