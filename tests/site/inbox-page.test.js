// The firm's inbox as the build writes it (site/_lib/inbox-page.js): a page of its own under the site's
// strict policy, talking to the backend alone; installable with its own manifest and the site's icons; its
// service worker beside the CMS's files; and none of it on a visitor's page.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { INBOX_FILES, INBOX_PATH, INBOX_WORKER } from "../../widgets/inbox/address.js";
import { ALL_PAGES, DIST, business, page, requireBuild } from "../support/site.js";

beforeAll(requireBuild);

/** The parsed page, read as the other site tests read theirs (tests/support/site.js). @returns {any} */
const inboxPage = () => parse(readFileSync(join(DIST, `${INBOX_PATH}.html`), "utf8"));
const policyOf = (/** @type {string} */ content) =>
  Object.fromEntries(
    content
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

describe("the inbox page at /admin/indbakke", () => {
  it("runs under the site's strict policy, with no inline code, and fetches from the backend alone", () => {
    const root = inboxPage();
    const [charset, policyMeta] = root.querySelector("head").childNodes.filter((node) => node.nodeType === 1);
    expect(charset.getAttribute("charset")).toBe("utf-8");
    const policy = policyOf(policyMeta.getAttribute("content"));
    expect(policy["default-src"]).toEqual(["'none'"]);
    expect(policy["script-src"]).toEqual(["'self'"]);
    expect(policy["style-src"]).toEqual(["'self'"]);
    expect(policy["connect-src"]).toEqual([new URL(business.backend.url).origin]);
    expect(policy["img-src"]).toContain("blob:");
    expect(policy["worker-src"]).toEqual(["'self'"]);
    expect(policy["form-action"]).toEqual(["'none'"]);
    expect(root.querySelectorAll("script:not([src]), style, [style]")).toHaveLength(0);
    expect(root.querySelector('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(root.querySelector("html").getAttribute("lang")).toBe("da");
    // Every file it names is built.
    for (const element of root.querySelectorAll("script[src], link[href]")) {
      const path = element.getAttribute("src") ?? element.getAttribute("href");
      expect(existsSync(join(DIST, path)), path).toBe(true);
    }
  });

  it("is installable on its own: a Danish manifest that starts and stays in the inbox, with the site's icons", () => {
    const href = inboxPage().querySelector('link[rel="manifest"]').getAttribute("href");
    const manifest = JSON.parse(readFileSync(join(DIST, href), "utf8"));
    expect(manifest).toMatchObject({ lang: "da", start_url: INBOX_PATH, scope: INBOX_PATH, display: "standalone", short_name: "Indbakke" });
    expect(manifest.name).toContain(business.brand);
    expect(manifest.icons.map((/** @type {{ sizes: string }} */ icon) => icon.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    for (const icon of manifest.icons) expect(existsSync(join(DIST, icon.src)), icon.src).toBe(true);
  });

  it("has a service worker that is a classic script (no imports) in the folder above its scope", () => {
    const worker = readFileSync(join(DIST, INBOX_WORKER), "utf8");
    expect(worker).not.toMatch(/^\s*(import|export)\b/m);
    expect(INBOX_PATH.startsWith(INBOX_WORKER.slice(0, INBOX_WORKER.lastIndexOf("/") + 1))).toBe(true);
  });

  it("leaves every visitor's page as it was: no link to the inbox, none of its code", () => {
    for (const route of [...ALL_PAGES, "/404"]) expect(page(route).html, route).not.toContain(INBOX_PATH);
    // supabase-js's sign-in client, which only the inbox's own script carries.
    const widgets = readdirSync(join(DIST, "widgets")).filter((name) => name.endsWith(".js"));
    expect(widgets.length).toBeGreaterThan(0);
    for (const name of widgets) expect(readFileSync(join(DIST, "widgets", name), "utf8"), name).not.toContain("GoTrueClient");
    expect(readFileSync(join(DIST, `${INBOX_FILES}inbox.js`), "utf8")).toContain("GoTrueClient");
  });
});

describe("what the privacy page says about the inbox", () => {
  it("names who on the firm's team sees a request, and what only the owner may do", () => {
    const section = page("/privatlivspolitik").root.querySelector("#modtagere");
    const text = [section, ...section.parentNode.childNodes.slice(section.parentNode.childNodes.indexOf(section) + 1)]
      .map((node) => node.textContent)
      .join(" ")
      .split("Overførsel til lande")[0];
    expect(text).toContain(business.identity.owner.name);
    expect(text).toMatch(/medarbejdere/);
    expect(text).toMatch(/kun firmaets ejer kan .*slette/);
  });
});
