// The islands are rendered at build time by preact-render-to-string and hydrated in the browser; written
// as React components, they must render the same DOM under react-dom/server, so they would hydrate under
// either library. Both renders load widgets/ssr.tsx in a module graph of their own (Vite, one with the
// shipped alias map, one without), and the parsed DOMs are compared: attribute order, how a boolean
// attribute is written and React's text-separator comments do not count.
import { fileURLToPath } from "node:url";
import { parse } from "node-html-parser";
import { createServer } from "vite";
import { beforeAll, describe, expect, it } from "vitest";
import { reactToPreactAliases } from "../../widgets/react-aliases.js";
import { TEST_PAGE } from "../../widgets/test-facts.ts";
import { siteFactsDefine } from "../../dev/site-facts-define.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const NAV = {
  id: "nav",
  trigger: { href: "/ydelser", label: "Ydelser" },
  items: [
    { href: "/ydelser/private", label: "Private", description: "Installationer i hjemmet" },
    { href: "/ydelser/erhverv", label: "Erhverv" },
  ],
  links: [{ href: "/kontakt", label: "Kontakt" }],
  current: "/ydelser/erhverv",
};
/** Each island with the parameters and the page a page's shortcode gives it. */
const CASES = {
  "quote form": (ssr) =>
    ssr.renderIsland(
      "quoteForm",
      { id: "kontakt-form", heading: "Få et uforpligtende tilbud", intro: "Svar inden for 24 timer." },
      TEST_PAGE,
    ),
  "quote form on an area page": (ssr) =>
    ssr.renderIsland("quoteForm", { id: "omraade-form", location: "Køge" }, { ...TEST_PAGE, path: "/omraader/koge" }),
  "call-back form": (ssr) => ssr.renderIsland("callbackForm", { id: "callback-form" }, TEST_PAGE),
  "booking form": (ssr) => ssr.renderIsland("bookingForm", { id: "booking" }, { ...TEST_PAGE, path: "/besigtigelse" }),
  FAQ: (ssr) =>
    ssr.renderIsland(
      "faq",
      {
        id: "faq",
        items: [
          { question: "Hvad koster en ny eltavle?", answer: "Typisk 8.000–15.000 kr. & mere for <store> tavler." },
          { question: "Hvor hurtigt kan I komme?", answer: "Samme eller næste hverdag." },
        ],
      },
      TEST_PAGE,
    ),
  "desktop menu": (ssr) => {
    const { current, ...params } = NAV;
    return ssr.renderIsland("nav", params, { ...TEST_PAGE, path: current }, { class: "hidden lg:block" });
  },
  "mobile menu": (ssr) => ssr.renderIsland("mobileMenu", { items: NAV.items, links: NAV.links, phone: TEST_PAGE.facts.phone }, TEST_PAGE),
};

/** Loads widgets/ssr.tsx with the given aliases and renders every case. */
async function renderAll(alias) {
  const server = await createServer({
    root: ROOT,
    configFile: false,
    logLevel: "silent",
    appType: "custom",
    resolve: { alias },
    define: siteFactsDefine(),
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true },
  });
  try {
    const ssr = await server.ssrLoadModule("/widgets/ssr.tsx");
    return Object.fromEntries(Object.entries(CASES).map(([name, render]) => [name, render(ssr)]));
  } finally {
    await server.close();
  }
}

/** A parsed node as a comparable tree: tags, sorted attributes, text; comments and empty text dropped. */
/** @returns {any} */
function canonical(node) {
  if (node.nodeType === 8) return null;
  if (node.nodeType === 3) return node.rawText === "" ? null : { text: node.text };
  // HTML attribute names are case-insensitive (React writes autoComplete, Preact autocomplete).
  const attributes = Object.entries(node.attributes ?? {})
    .map(([name, value]) => [name.toLowerCase(), value])
    .sort(([a], [b]) => a.localeCompare(b));
  const children = node.childNodes.map(canonical).filter(Boolean);
  // Adjacent text nodes (React separates them with comments) are one text in the DOM.
  const merged = children.reduce((list, child) => {
    const last = list.at(-1);
    if (child.text !== undefined && last?.text !== undefined) last.text += child.text;
    else list.push({ ...child });
    return list;
  }, []);
  return { tag: node.rawTagName ?? "#root", attributes, children: merged };
}
const dom = (html) => canonical(parse(html, { comment: true }));

let preact;
let react;
beforeAll(async () => {
  preact = await renderAll(reactToPreactAliases);
  react = await renderAll([]);
}, 60_000);

describe("the server render of every island", () => {
  for (const name of Object.keys(CASES)) {
    it(`is the same DOM under react-dom/server and preact-render-to-string: ${name}`, () => {
      expect(preact[name]).toContain("<");
      expect(dom(react[name])).toEqual(dom(preact[name]));
    });
  }

  it("really ran React for one render and Preact for the other", () => {
    // React writes <!-- --> between adjacent text nodes; Preact writes nothing between them.
    expect(react["quote form"]).toContain("<!-- -->");
    expect(preact["quote form"]).not.toContain("<!-- -->");
  });
});
