// The menus hydrate from their own markup (island.tsx): the props read back from what the build rendered
// must render that markup again, or hydration would change the header under the visitor.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderIsland } from "../ssr.tsx";
import { TEST_PAGE } from "../test-facts.ts";
import { mobileMenu, nav } from "./island.tsx";

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
      const params = { id: "nav", trigger, items, links };
      const element = built(renderIsland("nav", params, { ...TEST_PAGE, path: current }, { class: "hidden lg:block" }));
      expect(element.hasAttribute("props")).toBe(false);
      const read = nav.readProps?.(element);
      expect(renderToString(nav.render(read!))).toBe(renderToString(nav.render({ ...params, current })));
      expect(read?.items).toEqual(items);
    });
  }

  it("mobile menu", () => {
    const props = { items, links: mobileLinks, phone };
    const element = built(renderIsland("mobileMenu", props, TEST_PAGE));
    expect(element.hasAttribute("props")).toBe(false);
    const read = mobileMenu.readProps?.(element);
    expect(renderToString(mobileMenu.render(read!))).toBe(renderToString(mobileMenu.render(props)));
    expect(read?.phone).toEqual(props.phone);
  });
});
