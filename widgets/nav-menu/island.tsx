// The header's menus as islands: rendered at build time, hydrated with the props the build wrote into
// their `props` attribute.
import { ISLANDS } from "../islands.js";
import type { Mount } from "../shared/island.ts";
import { hydrateIsland, type IslandContract } from "../shared/island-contract.tsx";
import { MobileMenu, type MobileMenuProps } from "./MobileMenu.tsx";
import { NavMenu, type NavMenuProps } from "./NavMenu.tsx";

export const navIsland: IslandContract<NavMenuProps> = { tag: ISLANDS.nav.tag, render: (props) => <NavMenu {...props} /> };
export const mobileMenuIsland: IslandContract<MobileMenuProps> = {
  tag: ISLANDS.mobileMenu.tag,
  render: (props) => <MobileMenu {...props} />,
};

/** Hydrates the desktop navigation. */
export const mountNav: Mount = (host) => hydrateIsland(navIsland, host);

/** Hydrates the mobile menu. */
export const mountMobileMenu: Mount = (host) => hydrateIsland(mobileMenuIsland, host);
