// The header's menus as the nav widgets take them: the 'Ydelser' menu lists the services
// (services.yaml), then the direct links (navigation.yaml).
import { loadData } from "../_lib/load-data.js";

/** @typedef {import("../_lib/data-types.js").Service} Service */
/** @typedef {import("../_lib/data-types.js").Navigation} Navigation */

export default function () {
  const items = /** @type {Service[]} */ (loadData("services")).map((service) => ({
    href: service.path,
    label: service.menuLabel,
    description: service.menuDescription,
  }));
  const links = /** @type {Navigation} */ (loadData("navigation")).header.map((link) => ({ href: link.path, label: link.label }));
  return {
    trigger: { href: "/ydelser", label: "Ydelser" },
    items,
    links,
    mobileLinks: [{ href: "/ydelser", label: "Alle ydelser" }, ...links],
  };
}
