// The header's menus as the nav widgets take them: the 'Ydelser' menu lists the services
// (services.yaml), then the direct links (navigation.yaml); the phone's menu also the links the bar has no room for.
import { loadData } from "../_lib/load-data.js";

/** @typedef {import("../_lib/data-types.js").Service} Service */
/** @typedef {import("../_lib/data-types.js").Navigation} Navigation */

export default function () {
  const items = /** @type {Service[]} */ (loadData("services")).map((service) => ({
    href: service.path,
    label: service.menuLabel,
    description: service.menuDescription,
  }));
  const navigation = /** @type {Navigation} */ (loadData("navigation"));
  const asLink = (/** @type {{ path: string, label: string }} */ link) => ({ href: link.path, label: link.label });
  const links = navigation.header.map(asLink);
  return {
    trigger: { href: "/ydelser", label: "Ydelser" },
    items,
    links,
    mobileLinks: [{ href: "/ydelser", label: "Alle ydelser" }, ...links, ...navigation.menuOnly.map(asLink)],
  };
}
