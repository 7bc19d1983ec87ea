// The privacy page says where a quote request is received: the region of business.yaml's database
// (processors.database). Supabase runs a function near the visitor unless told otherwise, so every way
// the site reaches the function pins that region: each form's target (a plain form cannot send the
// x-region header; forceFunctionRegion in the URL does it) and the widgets' JavaScript call.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { siteFactsFrom } from "../../widgets/shared/site-facts.ts";
import { changeBooking, fetchBooking, fetchSlots } from "../../widgets/booking/booking-api.ts";
import { sendQuote } from "../../widgets/quote-form/send-quote.ts";
import { business, DIST, htmlFiles, page } from "../support/site.js";

const region = business.processors.database.hostRegion;
const backendOrigin = new URL(business.backend.url).origin;

describe("where the function runs", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is pinned by every form on every page that posts to the function", () => {
    let forms = 0;
    for (const file of htmlFiles()) {
      const root = page(file === "index.html" ? "/" : `/${file.replace(/\.html$/, "")}`).root;
      for (const form of root.querySelectorAll("form[action]")) {
        const target = new URL(form.getAttribute("action") ?? "", business.site.url);
        if (target.origin !== backendOrigin) continue;
        forms++;
        expect(target.searchParams.get("forceFunctionRegion"), `${file}: ${target.href}`).toBe(region);
      }
    }
    expect(forms).toBeGreaterThan(0);
  });

  it("is compiled into the partner embed's facts", () => {
    expect(siteFactsFrom(business).backend.region).toBe(region);
    const embed = readFileSync(join(DIST, "widgets", "quote-form.embed.js"), "utf8");
    expect(embed).toContain(region);
  });

  it("is pinned by the widgets' call, as the query parameter and the x-region header", async () => {
    const calls = [];
    vi.stubGlobal("fetch", async (url, init) => {
      calls.push({ url: String(url), headers: new Headers(init?.headers) });
      return new Response(JSON.stringify({ id: "00000000-0000-4000-8000-000000000000" }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    });
    expect(await sendQuote(siteFactsFrom(business).backend, { name: "Jens" }, "region-key-0123456789")).toMatchObject({ ok: true });
    expect(new URL(calls[0].url).searchParams.get("forceFunctionRegion")).toBe(region);
    expect(calls[0].headers.get("x-region")).toBe(region);
  });

  // The booking page's own calls once ran wherever Supabase chose: a customer's booking, read, cancelled
  // or moved, outside the region the privacy page names.
  it("is pinned by the booking page's calls: the free times, a customer's booking, its cancel and move", async () => {
    const urls = [];
    vi.stubGlobal("fetch", async (url) => {
      urls.push(new URL(String(url)));
      return new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } });
    });
    const backend = siteFactsFrom(business).backend;
    const link = `${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}.${"a".repeat(32)}`;
    await fetchSlots(backend);
    await fetchBooking(backend, link);
    await changeBooking(backend, link, null);
    await changeBooking(backend, link, "2026-12-14T08:00:00.000Z");
    expect(urls.map((url) => url.searchParams.get("forceFunctionRegion"))).toEqual([region, region, region, region]);
    expect(urls.map((url) => url.searchParams.has("slots") || url.searchParams.get("booking") === link)).toEqual([true, true, true, true]);
  });
});
