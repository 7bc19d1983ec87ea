/** @typedef {{ label: string, path?: string }} Crumb a step of the trail (in front matter the last one may leave out its path: it is the page's) */

/**
 * The full breadcrumb trail of a page: Forside, the page's own `breadcrumbs` items, the last one at `url`.
 * @param {Crumb[] | undefined} breadcrumbs the page's front matter
 * @param {string} url
 * @returns {Crumb[]}
 */
export function breadcrumbTrail(breadcrumbs = [], url) {
  if (url === "/") return [{ label: "Forside", path: "/" }];
  const trail = [{ label: "Forside", path: "/" }, ...breadcrumbs.map((crumb) => ({ ...crumb }))];
  const last = /** @type {Crumb} */ (trail.at(-1)); // Forside at least
  last.path = url;
  return trail;
}
