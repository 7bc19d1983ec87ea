// Each page's first-paint CSS (site/_lib/first-paint-css.js): which selectors are matched against the
// markup, what is dropped as unread, and what a page keeps. tests/browser/first-paint-css.test.js checks
// the result where it counts, on screen.
import { describe, expect, it } from "vitest";
import {
  criticalCss,
  firstPaintPage,
  matchableSelector,
  selectorForm,
  stylesheetPath,
  withoutPropertyFallback,
  withoutUnusedVariables,
} from "../../site/_lib/first-paint-css.js";
import { ISLAND_LOADER } from "../../site/_lib/island-loader.js";
import { cspHash } from "../../site/_lib/security-headers.js";

describe("matchableSelector", () => {
  it("keeps the rule of a state the page's own script sets at load (is-…) with its element", () => {
    expect(matchableSelector("open-now.is-open")).toBe("open-now");
    expect(matchableSelector(".menu.is-open > a:hover")).toBe(".menu > a");
    expect(matchableSelector(".island-open")).toBe(".island-open");
  });

  it("keeps structural pseudo-classes, which Beasties stripped whole with what they contain", () => {
    expect(matchableSelector(":where(.space-y-2>:not(:last-child))")).toBe(":where(.space-y-2>:not(:last-child))");
    expect(matchableSelector(".prose > :first-child")).toBe(".prose > :first-child");
  });

  it("sets states and pseudo-elements aside, so their rules stay with the element", () => {
    expect(matchableSelector(".btn:hover")).toBe(".btn");
    expect(matchableSelector(".nav-dropdown:focus-within .nav-panel")).toBe(".nav-dropdown .nav-panel");
    expect(matchableSelector(".faq summary::after")).toBe(".faq summary");
    expect(matchableSelector("details[open] summary::after")).toBe("details[open] summary");
    expect(matchableSelector(".x:not(:focus)")).toBe(".x");
    expect(matchableSelector(":is(.a:hover, .b)")).toBe(":is(.a, .b)");
    expect(matchableSelector("li + li::before")).toBe("li + li");
  });

  it("keeps a rule for a state alone (the focus ring) and drops one for a pseudo-element alone", () => {
    expect(matchableSelector(":focus-visible")).toBe("*");
    expect(matchableSelector("::placeholder")).toBe("");
    expect(matchableSelector("::-webkit-inner-spin-button")).toBe("");
  });
});

describe("withoutUnusedVariables", () => {
  it("drops custom properties and @property registrations no var() reads, also when only another unread one read them", () => {
    const css =
      '@property --tw-blur{syntax:"*";inherits:false}@property --tw-shadow{syntax:"*";inherits:false}:root{--color-a:red;--color-b:var(--color-c);--color-c:blue;--color-d:green}.x{color:var(--color-a);box-shadow:var(--tw-shadow)}';
    expect(withoutUnusedVariables(css)).toBe(
      '@property --tw-shadow{syntax:"*";inherits:false}:root{--color-a:red}.x{color:var(--color-a);box-shadow:var(--tw-shadow)}',
    );
  });
});

describe("withoutPropertyFallback", () => {
  it("drops the properties layer's fallback for browsers without @property, and keeps the registrations", () => {
    const css =
      '@layer properties{@supports ((-webkit-hyphens:none)) and (not (margin-trim:inline)){*,:before,:after{--tw-border-style:solid}}}@layer base{a{color:red}}@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}';
    // The layer stays named where it was, so the layers keep their order when the whole stylesheet follows.
    expect(withoutPropertyFallback(css)).toBe(
      '@layer properties;@layer base{a{color:red}}@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
    );
  });

  it("keeps a bare layer order statement", () => {
    expect(withoutPropertyFallback("@layer properties, theme;a{color:red}")).toBe("@layer properties, theme;a{color:red}");
  });
});

describe("criticalCss", () => {
  it("keeps the rules the page's markup uses and nothing the page cannot show before a script or the visitor acts", async () => {
    const html = `<!doctype html><html><head><style>:root{--c:#123;--unused:1px}.card{color:var(--c)}.card:hover{color:red}.menu[data-open] .panel{display:block}.absent{color:blue}:where(.list>:not(:last-child)){margin:1px}</style></head><body><div class="card"></div><ul class="list"><li>a</li><li>b</li></ul></body></html>`;
    expect(await criticalCss(html)).toBe(
      ":root{--c:#123}.card{color:var(--c)}.card:hover{color:red}:where(.list>:not(:last-child)){margin:1px}",
    );
  });
});

describe("a page's form, which its first-paint CSS is worked out once for", () => {
  const page = (/** @type {string} */ body) =>
    `<!doctype html><html><head><style>.a{color:red}[aria-current=page]{font-weight:700}p:empty{display:none}</style><script type="application/ld+json">{"name":"${body.length}"}</script></head><body>${body}</body></html>`;
  const attributes = new Set(["aria-current"]);
  const form = (/** @type {string} */ body) => selectorForm(page(body), attributes);

  it("is the same for pages that differ only in text, links and attributes no selector names", () => {
    expect(form('<p class="a" data-x="1"><a href="/omraader/koge">Køge</a></p>')).toBe(
      form('<p class="a" data-x="2"><a href="/omraader/faxe">Faxe og omegn</a></p>'),
    );
  });

  it("differs where a selector can tell: an element, a class, an id, a named attribute's value, text or none", () => {
    const base = form('<p class="a"><a href="/" aria-current="page">x</a></p>');
    for (const other of [
      '<div class="a"><a href="/" aria-current="page">x</a></div>',
      '<p class="b"><a href="/" aria-current="page">x</a></p>',
      '<p class="a" id="n"><a href="/" aria-current="page">x</a></p>',
      '<p class="a"><a href="/" aria-current="step">x</a></p>',
      '<p class="a"><a href="/" aria-current="page"></a></p>',
      '<p class="a"><a href="/" aria-current="page">x</a><a href="/">y</a></p>',
    ])
      expect(form(other), other).not.toBe(base);
  });

  it("gives two pages of one form the first-paint CSS each would get alone", async () => {
    const koge = page('<p class="a"><a href="/omraader/koge" aria-current="page">Køge</a></p><p></p>');
    const faxe = page('<p class="a"><a href="/omraader/faxe" aria-current="page">Faxe</a></p><p></p>');
    expect(await criticalCss(koge)).toBe(".a{color:red}[aria-current=page]{font-weight:700}p:empty{display:none}");
    expect(await criticalCss(faxe)).toBe(await criticalCss(koge));
    expect(await criticalCss(page('<p class="a">Faxe</p>'))).toBe(".a{color:red}");
  });
});

describe("firstPaintPage", () => {
  const built = (body) =>
    `<!doctype html><html><head>\n<meta charset="utf-8">\n<style>.a{color:red}.b{color:blue}</style>\n<script data-modules="" data-style="x">${ISLAND_LOADER}</script></head><body>${body}</body></html>`;

  it("puts the page's own policy first, with the hashes of its own CSS and scripts, and links the whole stylesheet for visitors without JavaScript", async () => {
    const { html, stylesheet } = await firstPaintPage(built('<p class="a">x</p>'), "https://backend.example");
    expect(stylesheet).toEqual({ path: stylesheetPath(".a{color:red}.b{color:blue}"), css: ".a{color:red}.b{color:blue}" });
    expect(html).toContain(
      `<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self' ${cspHash(ISLAND_LOADER)}; style-src 'self' ${cspHash(".a{color:red}")};`,
    );
    expect(html).toContain(`<style>.a{color:red}</style>\n<noscript><link rel="stylesheet" href="${stylesheet.path}"></noscript>`);
    expect(html).toContain("form-action 'self' https://backend.example;");
  });

  it("fails the build on an inline script the site does not know, instead of allowing it", async () => {
    await expect(firstPaintPage(built("<script>alert(1)</script>"), "https://backend.example")).rejects.toThrow(
      "an inline script the CSP does not know: alert(1)",
    );
  });

  it("counts JSON-LD as data, not as a script", async () => {
    const { html } = await firstPaintPage(
      built('<script type="application/ld+json">{"@type":"Electrician"}</script>'),
      "https://b.example",
    );
    expect(html).toMatch(/script-src 'self' 'sha256-[\w+/=]+'; style-src/);
  });
});
