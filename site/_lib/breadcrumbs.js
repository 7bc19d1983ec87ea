/** The full breadcrumb trail of a page: Forside, the page's own `breadcrumbs` items, the last one at `url`. */
export function breadcrumbTrail(breadcrumbs = [], url) {
  if (url === "/") return [{ label: "Forside", path: "/" }];
  const trail = [{ label: "Forside", path: "/" }, ...breadcrumbs.map((crumb) => ({ ...crumb }))];
  const last = trail.at(-1);
  last.path = url;
  return trail;
}
