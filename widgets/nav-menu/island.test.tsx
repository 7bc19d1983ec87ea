// The menus hydrate from their own markup (island.tsx): the props read back from what the build rendered
// must render that markup again, or hydration would change the header under the visitor.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderIsland } from "../ssr.tsx";
import { mobileMenuIsland, navIsland } from "./island.tsx";

// Shaped as site/_data/menu.js gives them; a service linked directly too (the mobile menu lists it once).
const trigger = { href: "/ydelser", label: "Ydelser" };
const items = [
  { href: "/ydelser/private", label: "Privat", description: "Installationer i hjemmet, eftersyn & reparationer" },
  { href: "/ydelser/event", label: "Event", description: "Strømforsyning til festivaler og events" },
  { href: "/ydelser/ny", label: "Uden beskrivelse" },
];
const links = [
  { href: "/ydelser/event", label: "Event" },
  { href: "/om-os", label: "Om os" },
  { href: "/kontakt", label: "Kontakt" },
];
const mobileLinks = [{ href: "/ydelser", label: "Alle ydelser" }, ...links];
const phone = { display: "12 34 56 78", e164: "+4512345678" };

/** The island element as the build writes it into a page. */
function built(html: string) {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  return holder.firstElementChild as HTMLElement;
}

describe("the header's menus read their props back from their markup", () => {
  for (const current of ["/ydelser/private", "/kontakt", "/ydelser", "/omraader/koge"]) {
    it(`desktop navigation on ${current}`, () => {
      const props = { id: "nav", trigger, items, links, current };
      const element = built(renderIsland(navIsland, props, { class: "hidden lg:block" }));
      expect(element.hasAttribute("props")).toBe(false);
      const read = navIsland.readProps?.(element);
      expect(renderToString(navIsland.render(read!))).toBe(renderToString(navIsland.render(props)));
      expect(read?.items).toEqual(items);
    });
  }

  it("mobile menu", () => {
    const props = { items, links: mobileLinks, phone };
    const element = built(renderIsland(mobileMenuIsland, props));
    expect(element.hasAttribute("props")).toBe(false);
    const read = mobileMenuIsland.readProps?.(element);
    expect(renderToString(mobileMenuIsland.render(read!))).toBe(renderToString(mobileMenuIsland.render(props)));
    expect(read?.phone).toEqual(props.phone);
  });
});
