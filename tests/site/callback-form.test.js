// The call-back form ('Ring mig op', docs/product.md#call-back-form) on the built pages: on the home page,
// /kontakt and every area page the build wrote, as a plain form for the function with the quote form's
// name and phone rules and the one list of when to call; on /kontakt after the quote form; its choices
// inside the phone hours; and what happens to the name and number, said by the form and on the privacy page.
import { beforeAll, describe, expect, it } from "vitest";
import callbackRules from "../../supabase/functions/_shared/callback-rules.json" with { type: "json" };
import quoteRules from "../../supabase/functions/_shared/quote-rules.json" with { type: "json" };
import { hoursText } from "../../site/_lib/format.js";
import { ALL_PAGES, AREA_ROUTES, business, page, requireBuild } from "../support/site.js";

beforeAll(requireBuild);

const functionUrl = `${business.backend.url}/functions/v1/${business.backend.functionName}`;
const form = (/** @type {string} */ route) => page(route).root.querySelector("elektriker-callback-form form");

describe("the call-back form", () => {
  it("is on the home page, /kontakt and every area page, once", () => {
    expect(AREA_ROUTES.length).toBeGreaterThan(0);
    for (const route of ["/", "/kontakt", ...AREA_ROUTES])
      expect(page(route).root.querySelectorAll("elektriker-callback-form form"), route).toHaveLength(1);
  });

  it("posts name, phone and when to the function as a plain form, with its kind, the page and the honeypot", () => {
    for (const route of ["/", "/kontakt", ...AREA_ROUTES]) {
      const callback = form(route);
      expect(callback?.getAttribute("method"), route).toBe("post");
      expect(callback?.getAttribute("action")?.split("?")[0], route).toBe(functionUrl);
      expect(callback?.getAttribute("enctype"), route).toBeUndefined();
      const named = Object.fromEntries(callback?.querySelectorAll("[name]").map((field) => [field.getAttribute("name"), field]) ?? []);
      expect(Object.keys(named).sort(), route).toEqual(["kind", "name", "page", "phone", "website", "when"]);
      expect(named.kind.getAttribute("value")).toBe("callback");
      expect(named.page.getAttribute("value")).toBe(route);
      for (const field of /** @type {const} */ (["name", "phone"])) {
        expect(named[field].getAttribute("minlength"), `${route} ${field}`).toBe(String(quoteRules[field].min));
        expect(named[field].getAttribute("maxlength"), `${route} ${field}`).toBe(String(quoteRules[field].max));
        expect(named[field].hasAttribute("required"), `${route} ${field}`).toBe(true);
      }
      expect(named.phone.getAttribute("type")).toBe("tel");
      expect(named.when.querySelectorAll("option").map((option) => option.getAttribute("value"))).toEqual(callbackRules.when.options);
    }
  });

  it("comes after the quote form on /kontakt, so the quote form stays first on a phone", () => {
    const html = page("/kontakt").html;
    expect(html.indexOf("<elektriker-callback-form")).toBeGreaterThan(html.indexOf("<elektriker-quote-form"));
  });

  it("offers only times the phone is answered: morning and afternoon are both inside the phone hours", () => {
    const { opens, closes } = business.hours.phone;
    expect(callbackRules.when.options).toEqual(expect.arrayContaining(["I formiddag", "I eftermiddag"]));
    expect(opens < "12:00" && closes > "12:00", `${opens}–${closes}`).toBe(true);
    // And says when that is, as the pages print the phone hours.
    const text = (form("/kontakt")?.closest("elektriker-callback-form")?.textContent ?? "").replace(/\u2060/g, "").replace(/\u00a0/g, " ");
    expect(text).toContain(`telefontiden, ${hoursText(business.hours.phone)}`);
  });

  it("lands on a thank-you page that says we call back, in the phone hours", () => {
    const text = page("/kontakt/ring-op-tak").root.querySelector("main")?.textContent ?? "";
    expect(text).toContain("Tak, vi ringer dig op");
    expect(text).toContain("telefontid");
    expect(text).toContain(business.phone.display);
  });

  it("says in every call-back form what the name and number are for and when they are deleted, linking the privacy page", () => {
    // Every call-back form the build wrote, wherever it is (GDPR art. 13: told when the data is collected).
    const hosts = [...ALL_PAGES, "/404"].flatMap((route) =>
      page(route)
        .root.querySelectorAll("elektriker-callback-form")
        .map((host) => ({ route, host })),
    );
    expect(hosts.length).toBeGreaterThan(AREA_ROUTES.length);
    for (const { route, host } of hosts) {
      // The quote form's note, in the form under the button: its class, its link.
      const note = host.querySelector("form .privacy-note");
      expect(note, route).not.toBeNull();
      const text = (note?.textContent ?? "").replace(/\u2060/g, "").replace(/\u00a0/g, " ");
      expect(text, route).toContain("navn og nummer");
      expect(text, route).toContain(`${business.privacy.requestRetentionMonths} måneder`);
      expect(note?.querySelector('a[href="/privatlivspolitik"]')?.textContent, route).toBe("privatlivspolitik");
    }
  });

  it("is on the privacy page: what a call-back stores and for how long, the periods business.yaml sets", () => {
    const privacy = page("/privatlivspolitik").root;
    const heading = privacy.querySelector("#ring-op");
    expect(heading?.tagName).toBe("H2");
    // The section: what follows its heading, up to the next one.
    let text = "";
    for (let node = heading?.nextElementSibling; node && node.tagName !== "H2"; node = node.nextElementSibling)
      text += ` ${node.textContent}`;
    text = text.replace(/\u2060/g, "").replace(/\u00a0/g, " ");
    for (const stored of [
      "navn",
      "telefonnummer",
      "hvornår vi skal ringe",
      "den side, du sendte",
      "samarbejdspartner",
      "IP-adresse",
      "browser",
    ])
      expect(text, stored).toContain(stored);
    expect(text).toContain(`${business.privacy.requestRetentionMonths} måneder`);
    expect(text).toContain(`${business.privacy.clientDataRetentionDays} dage`);
  });
});
