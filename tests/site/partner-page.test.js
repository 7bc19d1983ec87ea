// /partner speaks to a directory owner first (it read as developer documentation); the technical
// reference comes after it, for their web developer.
import { describe, expect, it } from "vitest";
import { page } from "../support/site.js";

describe("/partner", () => {
  it("says what visitors get, shows the demo, the snippet and how to get a partner id before any technical term", () => {
    const { html, root } = page("/partner");
    const main = html.slice(html.indexOf("<main"));
    const owners = main.slice(0, main.indexOf('id="teknik"'));
    for (const part of ['id="saadan-virker-det"', "<elektriker-tilbud", 'id="embed-snippet"', 'id="partner-id"'])
      expect(owners).toContain(part);
    const text = owners.replace(/<[^>]+>/g, " ");
    for (const jargon of [
      "shadow",
      "CSP",
      "Content-Security",
      "console.log",
      "bobler op",
      "composed",
      "CSS-variabler",
      "constructed",
      "custom properties",
      "&lt;head&gt;",
    ])
      expect(text, jargon).not.toContain(jargon);
    // The reference is still there, below, folded away for the web developer to open.
    const reference = root.querySelector("#teknik details");
    expect(reference.hasAttribute("open")).toBe(false);
    for (const id of ["attributter", "haendelser", "tjek", "css-variabler", "csp"])
      expect(reference.querySelector(`#${id}`), id).not.toBeNull();
  });

  it("addresses the directory owner the same way throughout: 'I', never 'du'", () => {
    const text = page("/partner").root.querySelector("main").textContent;
    expect(text).toMatch(/\bI\b/);
    expect(text.match(/\b(du|dig|din|dit|dine)\b/gi) ?? []).toEqual([]);
  });
});
