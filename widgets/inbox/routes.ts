// The inbox's pages as hash routes of /admin/indbakke, so the back button and a push's link work without
// a server route: '' or '#henvendelser' the list, '#<id>' a lead, and the owner's pages by their Danish names.
export const OWNER_PAGES = {
  opgoerelse: "Månedsopgørelse",
  kundedata: "Kundedata",
  team: "Team",
} as const;
export type OwnerPage = keyof typeof OWNER_PAGES;

const LIST = "henvendelser";

export type Route = { page: "list" } | { page: "lead"; id: string } | { page: OwnerPage };

export function routeOf(hash: string): Route {
  const name = decodeURIComponent(hash.replace(/^#/, "")).trim();
  if (!name || name === LIST) return { page: "list" };
  if (Object.hasOwn(OWNER_PAGES, name)) return { page: name as OwnerPage };
  return { page: "lead", id: name };
}

export const hashOf = (route: Route) =>
  route.page === "list" ? `#${LIST}` : route.page === "lead" ? `#${encodeURIComponent(route.id)}` : `#${route.page}`;
