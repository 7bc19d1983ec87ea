// The lists in pages' front matter are checked like the data files (site/_lib/page-schemas.js).
import { describe, expect, it } from "vitest";
import { validatePageData } from "../../site/_lib/page-schemas.js";

const page = { inputPath: "./site/ydelser/erhverv.njk" };
const card = { icon: "bolt", title: "Ny eltavle", text: "Moderne tavle med HPFI-relæer." };

describe("page front matter", () => {
  it("accepts cards, steps and photo cards of the right shape, and any other key", () => {
    expect(() =>
      validatePageData({
        page,
        photos: { "event-scene": {} },
        solutions: [{ ...card, points: ["Tavle", "Relæer"] }],
        localServices: [{ icon: card.icon, title: "Ny eltavle", text: card.text, path: "/ydelser/private#eltavle" }],
        steps: [{ title: "Besigtigelse", text: "Vi ser på opgaven." }],
        photoCards: [{ slot: "event-scene", title: "Scenen", text: "Strøm til lyd og lys." }],
        title: "Elektriker til erhverv",
      }),
    ).not.toThrow();
  });

  it("refuses an unknown icon or a card without a title, naming the page and the field", () => {
    expect(() => validatePageData({ page, solutions: [card, { ...card, icon: "unicorn" }] })).toThrow(
      /site\/ydelser\/erhverv\.njk: invalid front matter\n {2}- solutions\.1\.icon: unknown icon "unicorn"/,
    );
    expect(() => validatePageData({ page, localServices: [{ icon: "bolt", path: "/ydelser/private" }] })).toThrow(
      /localServices\.0\.title/,
    );
  });

  it("refuses a photo card naming a slot that site/_data/photos.yaml does not have", () => {
    expect(() =>
      validatePageData({ page, photos: { "event-scene": {} }, photoCards: [{ slot: "event-tent", title: "Telt", text: "Fest i telt." }] }),
    ).toThrow(/photoCards\.0\.slot: no photo slot "event-tent"/);
  });
});
