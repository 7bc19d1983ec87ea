// Hydrates the header's menus from the props the build wrote into their `props` attribute.
import { jsonAttribute } from "../shared/html.ts";
import type { Mount } from "../shared/island.ts";
import { mountWidget } from "../shared/mount.tsx";
import { MobileMenu, type MobileMenuProps } from "./MobileMenu.tsx";
import { NavMenu, type NavMenuProps } from "./NavMenu.tsx";

/** Hydrates the desktop navigation. */
export const mountNav: Mount = (host) => mountWidget(host, <NavMenu {...jsonAttribute<NavMenuProps>(host, "props")} />, { hydrate: true });

/** Hydrates the mobile menu. */
export const mountMobileMenu: Mount = (host) =>
  mountWidget(host, <MobileMenu {...jsonAttribute<MobileMenuProps>(host, "props")} />, { hydrate: true });
