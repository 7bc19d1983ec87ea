// Assertions over the built dist/ folder (npm test builds it first; a missing build fails, never skips).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ALL_PAGES,
  AREA_ROUTES,
  DIST,
  NOINDEX_ROUTES,
  ROUTES,
  areas,
  business,
  fileOf,
  jsonLdBlocks,
  page,
  requireBuild,
} from "../support/site.js";
import { TOWNS_NEAR_BASE } from "../../site/_lib/area-links.js";
import { HOME_REVIEW_COUNT } from "../../site/_lib/data-schemas.js";
import { loadData } from "../../site/_lib/load-data.js";
import { reviewAnchor, reviewExcerpt } from "../../site/_lib/reviews.js";
import knownUrls from "../support/known-urls.json" with { type: "json" };

const reviews = loadData("reviews");

const TITLE_SUFFIX = ` | ${business.brand} - Autoriseret Elektriker på Sjælland`;
const meta = (root, selector) => root.querySelector(selector)?.getAttribute("content");
const byType = (blocks, type) => blocks.filter((block) => block["@type"] === type);

beforeAll(requireBuild);

describe("routes", () => {
  it("writes every route of the spec at its exact path, plus 404, sitemap, robots and headers", () => {
    // Which pages exist is the firm's content: the routes are the build's, and each town has its page.
    expect(AREA_ROUTES.toSorted()).toEqual(areas.map((area) => `/omraader/${area.slug}`).toSorted());
    expect(ROUTES).toContain("/");
    for (const route of ALL_PAGES) expect(existsSync(fileOf(route)), route).toBe(true);
    for (const file of ["404.html", "sitemap.xml", "robots.txt", "_headers"]) expect(existsSync(join(DIST, file)), file).toBe(true);
  });

  // The URLs search engines know are kept in tests/support/known-urls.json (never read from the content):
  // the firm may add pages and towns, but none of these may vanish.
  it("still serves every page URL that search engines know", () => {
    expect(knownUrls.urls.filter((url) => !ROUTES.includes(url))).toEqual([]);
  });

  it("lists exactly the routes in the sitemap, on the canonical base", () => {
    const locs = [...readFileSync(join(DIST, "sitemap.xml"), "utf8").matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(ROUTES.map((route) => business.site.url + route).sort());
  });

  it("points robots.txt at the sitemap", () => {
    expect(readFileSync(join(DIST, "robots.txt"), "utf8")).toContain(`Sitemap: ${business.site.url}/sitemap.xml`);
  });

  it("sends security headers for every path, and each page its own Content-Security-Policy", () => {
    const headers = readFileSync(join(DIST, "_headers"), "utf8");
    expect(headers).toMatch(/^\/\*$/m);
    // What a <meta> policy cannot say; a browser enforces it with the page's own.
    expect(headers).toContain("Content-Security-Policy: frame-ancestors 'none'");
    for (const name of [
      "X-Content-Type-Options",
      "Referrer-Policy",
      "Strict-Transport-Security",
      "Permissions-Policy",
      "X-Frame-Options",
    ]) {
      expect(headers).toContain(`${name}:`);
    }
    for (const route of [...ALL_PAGES, "/404"]) {
      const policy = page(route).root.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content");
      expect(policy, route).toMatch(/^default-src 'none'; script-src 'self'( 'sha256-[\w+/=]+')+; style-src 'self' 'sha256-[\w+/=]+';/);
      expect(policy, route).toContain(`form-action 'self' ${new URL(business.backend.url).origin}`);
      expect(policy, route).toContain("base-uri 'none'; object-src 'none'");
    }
  });
});

describe("SEO metadata", () => {
  it("gives every page lang=da, a patterned unique title and a unique description", () => {
    const titles = new Set();
    const descriptions = new Set();
    for (const route of ALL_PAGES) {
      const { root } = page(route);
      expect(root.querySelector("html").getAttribute("lang"), route).toBe("da");
      const title = root.querySelector("title").textContent;
      expect(title.endsWith(TITLE_SUFFIX), `${route}: ${title}`).toBe(true);
      expect(title.length).toBeGreaterThan(TITLE_SUFFIX.length + 3);
      const description = meta(root, 'meta[name="description"]');
      expect(description?.length ?? 0, route).toBeGreaterThanOrEqual(50);
      expect(description.length, route).toBeLessThanOrEqual(170);
      expect(meta(root, 'meta[name="keywords"]')?.length ?? 0, route).toBeGreaterThan(10);
      titles.add(title);
      descriptions.add(description);
    }
    expect(titles.size).toBe(ALL_PAGES.length);
    expect(descriptions.size).toBe(ALL_PAGES.length);
  });

  it("sets the canonical URL to the path the page is served at", () => {
    for (const route of ALL_PAGES) {
      const { root } = page(route);
      const canonical = root.querySelector('link[rel="canonical"]').getAttribute("href");
      expect(canonical, route).toBe(business.site.url + route);
      expect(meta(root, 'meta[property="og:url"]')).toBe(canonical);
    }
  });

  it("has Open Graph and Twitter tags with an absolute image that exists", () => {
    for (const route of ROUTES) {
      const { root } = page(route);
      for (const property of ["og:title", "og:description", "og:type", "og:image", "og:locale", "og:site_name"]) {
        expect(meta(root, `meta[property="${property}"]`), `${route} ${property}`).toBeTruthy();
      }
      for (const name of ["twitter:card", "twitter:title", "twitter:description", "twitter:image"]) {
        expect(meta(root, `meta[name="${name}"]`), `${route} ${name}`).toBeTruthy();
      }
      const image = meta(root, 'meta[property="og:image"]');
      expect(image.startsWith(business.site.url)).toBe(true);
      expect(existsSync(join(DIST, image.slice(business.site.url.length)))).toBe(true);
    }
  });

  it("keeps the form's landing pages out of search engines", () => {
    for (const route of NOINDEX_ROUTES) expect(meta(page(route).root, 'meta[name="robots"]'), route).toBe("noindex");
    for (const route of ROUTES) expect(meta(page(route).root, 'meta[name="robots"]'), route).toBeUndefined();
  });

  it("marks the not-found page noindex, without a canonical", () => {
    const { root } = page("/404");
    expect(meta(root, 'meta[name="robots"]')).toBe("noindex");
    expect(root.querySelector('link[rel="canonical"]')).toBeNull();
  });
});

describe("structured data", () => {
  it("prints JSON-LD that parses, with the full Electrician record on every page", () => {
    for (const route of [...ALL_PAGES, "/404"]) {
      const [electrician] = byType(jsonLdBlocks(page(route).root), "Electrician");
      expect(electrician, route).toBeDefined();
      expect(electrician).toMatchObject({
        "@context": "https://schema.org",
        name: business.brand,
        telephone: business.phone.e164,
        email: business.email,
        priceRange: business.priceRange,
        address: {
          "@type": "PostalAddress",
          streetAddress: business.address.street,
          postalCode: business.address.postalCode,
          addressLocality: business.address.town,
          addressCountry: "DK",
        },
        geo: { "@type": "GeoCoordinates", latitude: business.geo.latitude, longitude: business.geo.longitude },
        areaServed: { "@type": "GeoCircle", geoRadius: business.serviceArea.radiusMeters },
        // The rating the home page states, from business.yaml's figures.
        aggregateRating: { "@type": "AggregateRating", ratingValue: business.figures.rating, ratingCount: business.figures.ratingCount },
        openingHoursSpecification: [
          {
            dayOfWeek: business.hours.phone.days.map((day) => `https://schema.org/${day}`),
            opens: business.hours.phone.opens,
            closes: business.hours.phone.closes,
          },
        ],
      });
      expect(electrician.sameAs).toEqual(business.social.map((profile) => profile.url));
      expect(Math.abs(electrician.geo.latitude - 55.3)).toBeLessThan(0.2);
      expect(Math.abs(electrician.geo.longitude - 12.1)).toBeLessThan(0.2);
    }
  });

  it("has a BreadcrumbList on every page but home, ending at the page itself", () => {
    expect(byType(jsonLdBlocks(page("/").root), "BreadcrumbList")).toHaveLength(0);
    for (const route of ALL_PAGES.filter((route) => route !== "/")) {
      const [list] = byType(jsonLdBlocks(page(route).root), "BreadcrumbList");
      expect(list, route).toBeDefined();
      expect(list.itemListElement[0]).toMatchObject({ position: 1, name: "Forside", item: `${business.site.url}/` });
      expect(list.itemListElement.at(-1).item).toBe(business.site.url + route);
      // The visible breadcrumb bar shows the same trail.
      const visible = page(route)
        .root.querySelectorAll('nav[aria-label="Brødkrumme"] li')
        .map((li) => li.textContent.trim());
      expect(visible).toEqual(list.itemListElement.map((item) => item.name));
    }
  });

  it("shows the six newest reviews on the home page in three columns, each cut to an excerpt that links to it whole", () => {
    const shown = reviews.slice(0, HOME_REVIEW_COUNT);
    const grid = page("/").root.querySelector('[aria-labelledby="reviews-title"] .grid');
    const cards = grid.querySelectorAll("figure");
    expect(cards.map((card) => card.querySelector("blockquote p").textContent.trim())).toEqual(
      shown.map((review) => `“${reviewExcerpt(review.text).text}”`),
    );
    cards.forEach((card, index) => {
      const more = card.querySelector('a[href^="/anmeldelser#"]');
      // A link to the whole review exactly when the text was cut, to the review's own address there.
      expect(Boolean(more), shown[index].name).toBe(reviewExcerpt(shown[index].text).cut);
      if (more) expect(page("/anmeldelser").root.getElementById(more.getAttribute("href").split("#")[1])).not.toBeNull();
    });
    if (shown.length === HOME_REVIEW_COUNT) expect(grid.getAttribute("class")).toContain("lg:grid-cols-3");
    expect(page("/").root.querySelector('[aria-labelledby="reviews-title"] a[href="/anmeldelser"]')).not.toBeNull();
    // The reviews are marked up where they are shown whole: /anmeldelser, not here.
    const [electrician] = byType(jsonLdBlocks(page("/").root), "Electrician");
    expect(electrician.review).toBeUndefined();
    expect(electrician.aggregateRating.ratingCount).toBe(business.figures.ratingCount);
  });

  it("shows every review whole on /anmeldelser, newest first, each at its own address, and marks up all of them", () => {
    const { root } = page("/anmeldelser");
    const quotes = root.querySelectorAll("#main figure blockquote").map((quote) => quote.textContent.trim());
    expect(quotes).toEqual(reviews.map((review) => `“${review.text}”`));
    const ids = root.querySelectorAll("#main figure").map((figure) => figure.id);
    expect(ids).toEqual(reviews.map((review) => reviewAnchor(review)));
    expect(new Set(ids).size).toBe(ids.length);
    const dates = root.querySelectorAll("#main figure time").map((time) => time.getAttribute("datetime"));
    expect(dates).toEqual(dates.toSorted().reverse());
    const [electrician] = byType(jsonLdBlocks(root), "Electrician");
    expect(electrician.review.map((/** @type {any} */ review) => review.reviewBody)).toEqual(reviews.map((review) => review.text));
    for (const review of electrician.review) expect(review.reviewRating.ratingValue).toBe(5);
  });

  it("has a FAQPage exactly where an FAQ is shown, matching the shown questions", () => {
    for (const route of ROUTES) {
      const { root } = page(route);
      // The same words: the page keeps numbers with their unit on one line (no-break spaces, word joiners).
      const shown = root
        .querySelectorAll("elektriker-faq details summary")
        .map((summary) => summary.textContent.trim().replaceAll("\u00a0", " ").replaceAll("\u2060", ""));
      const faqPages = byType(jsonLdBlocks(root), "FAQPage");
      if (shown.length === 0) {
        expect(faqPages, route).toHaveLength(0);
      } else {
        expect(faqPages).toHaveLength(1);
        expect(faqPages[0].mainEntity.map((question) => question.name)).toEqual(shown);
      }
    }
    expect(page("/ydelser/energioptimering").root.querySelectorAll("elektriker-faq details")).toHaveLength(11);
    for (const route of AREA_ROUTES) expect(page(route).root.querySelectorAll("elektriker-faq details")).toHaveLength(5);
  });
});

describe("content", () => {
  it("renders a page for every town, each with its own city, postal code and distance", () => {
    for (const area of areas) {
      const { root } = page(`/omraader/${area.slug}`);
      const text = root.querySelector("main").textContent;
      expect(root.querySelector("h1").textContent).toContain(area.name);
      expect(text).toContain(area.postalCode);
      expect(text).toContain(`${area.distance} km`);
      expect(text).toContain(area.description.slice(0, 60));
      const nearby = root.querySelector(`#area-title`).parentNode;
      for (const neighbour of area.neighbours) {
        const link = nearby.querySelector(`a[href="/omraader/${neighbour.slug}"]`);
        expect(link, `${area.slug} -> ${neighbour.slug}`).not.toBeNull();
        // A neighbour's distance is from this town (Højelse once said "Køge (10 km)", Køge's distance from the base).
        expect(link.textContent.replace(/\s+/g, " ")).toMatch(new RegExp(`${neighbour.name}\\s*ca\\. ${neighbour.km} km herfra`));
      }
      // Regression: computed front-matter lists once gave every area page Køge's breadcrumb.
      const crumbs = root.querySelectorAll('nav[aria-label="Brødkrumme"] li');
      expect(crumbs.at(-1).textContent.trim()).toBe(area.name);
      expect(JSON.parse(root.querySelector("#contact elektriker-quote-form").getAttribute("props")).location).toBe(area.name);
      expect(root.querySelector('#contact input[type="hidden"][name="location"]').getAttribute("value")).toBe(area.name);
      expect(root.querySelector('#contact input[name="location"]:not([type="hidden"])')).toBeNull();
    }
  });

  it("has the home sections and anchors of the spec, in order", () => {
    const { html, root } = page("/");
    for (const id of ["services", "omraader", "about", "contact"]) expect(root.querySelector(`#${id}`), id).not.toBeNull();
    const order = [
      "hero-form",
      'id="services"',
      'id="omraader"',
      "segments-title",
      "trust-title",
      "reviews-title",
      'id="about"',
      'id="contact"',
      "<footer",
    ];
    const positions = order.map((marker) => html.indexOf(marker));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("has the energy anchors, tables and the durations table of the spec", () => {
    const energy = page("/ydelser/energioptimering").root;
    for (const id of ["solceller", "ladestation", "led", "raadgivning"]) expect(energy.querySelector(`#${id}`), id).not.toBeNull();
    const energyText = energy.querySelector("main").textContent;
    for (const fact of ["4–6 kW", "7–10 kW", "11–15 kW", "7,4 kW", "11 kW", "22 kW", "75–85", "7–12 år"])
      expect(energyText, fact).toContain(fact);
    expect(energy.querySelector("#led table")).not.toBeNull();
    const privateText = page("/ydelser/private").root.querySelector("main").textContent;
    for (const fact of ["3–5 arbejdsdage", "5–8 arbejdsdage", "2–4 arbejdsdage", "2–4 timer", "24 timer", "3–5 hverdage"]) {
      expect(privateText, fact).toContain(fact);
    }
  });

  it("shows the nine business branches and the eight event types", () => {
    expect(page("/ydelser/erhverv").root.querySelectorAll('[aria-labelledby="branches-title"] ul > li')).toHaveLength(9);
    expect(page("/ydelser/event").root.querySelectorAll('[aria-labelledby="types-title"] ul > li')).toHaveLength(8);
  });

  it("shows the not-found page with 404, the spec's message, a link home and the path logger", () => {
    const { root } = page("/404");
    const main = root.querySelector("main");
    expect(main.textContent).toContain("404");
    expect(main.querySelector("h1").textContent).toBe("Oops! Page not found");
    expect(main.querySelector('a[href="/"]')).not.toBeNull();
    // Loaded after the first paint by the page's module loader (site/_lib/island-loader.js).
    const logger = root
      .querySelector("script[data-modules]")
      .getAttribute("data-modules")
      .split(" ")
      .find((src) => src.startsWith("/assets/not-found."));
    expect(readFileSync(join(DIST, logger), "utf8")).toContain("location.pathname");
  });
});

describe("shared elements", () => {
  // Every page's own script ('Åben nu', a request kept offline) is the module that defines the islands
  // (widgets/every-page.ts): a page without it would say the static hours forever and never send what
  // was kept.
  it("loads every page's script on every page, after the first paint, and gives it a box for 'Åben nu' in the header", () => {
    for (const route of [...ALL_PAGES, "/404"]) {
      const { root } = page(route);
      const modules = root.querySelector("script[data-modules]").getAttribute("data-modules").split(" ");
      const code = modules.filter(Boolean).map((src) => readFileSync(join(DIST, src), "utf8"));
      expect(
        code.some((text) => text.includes("open-now") && text.includes("elektriker-kept")),
        route,
      ).toBe(true);
      expect(root.querySelectorAll("header open-now"), route).toHaveLength(1);
    }
  });

  it("makes every phone number in a page's text a call link", () => {
    // /kontakt/fejl once printed the number in its reasons as plain text.
    for (const route of [...ALL_PAGES, "/404"]) {
      const body = page(route).root.querySelector("body");
      const plain = body
        .querySelectorAll("*")
        .filter((element) => !["SCRIPT", "TEMPLATE"].includes(element.tagName) && !element.closest("a"))
        .filter((element) => element.childNodes.some((node) => node.nodeType === 3 && node.rawText.includes(business.phone.display)));
      expect(
        plain.map((element) => element.textContent.trim().slice(0, 60)),
        route,
      ).toEqual([]);
    }
  });

  it("shows in the header bar where the visitor is: the page's own link, or 'Ydelser' on a service page with none", () => {
    // 'Event' and 'Erhverv' were highlighted on their pages, but nothing on /ydelser/private.
    for (const route of ALL_PAGES.filter((path) => path.startsWith("/ydelser"))) {
      const bar = page(route).root.querySelector("header elektriker-nav nav > ul");
      const marked = bar.querySelectorAll(":scope > li > a.nav-link[aria-current]").map((link) => link.getAttribute("href"));
      const own = bar.querySelector(`:scope > li > a.nav-link[href="${route}"]`);
      expect(marked, route).toEqual([own ? route : "/ydelser"]);
    }
  });

  it("links every Google rating to the firm's Google profile, and shows it and the social profiles in the footer", () => {
    // '4,9/5 på Google (150+ anmeldelser)' once linked nowhere, and the profiles were only in the JSON-LD.
    for (const route of [...ALL_PAGES, "/404"]) {
      const { root } = page(route);
      const ratings = root
        .querySelectorAll("body *")
        .filter((element) => element.childNodes.some((node) => node.nodeType === 3 && /\d,\d\/5 på Google/.test(node.rawText)));
      if (["/", ...AREA_ROUTES].includes(route)) expect(ratings.length, route).toBeGreaterThan(0);
      for (const rating of ratings)
        expect(rating.closest("a")?.getAttribute("href"), `${route}: ${rating.textContent}`).toBe(business.googleProfile);
      const footer = root.querySelector("footer");
      expect(
        footer.querySelector(`a[href="${business.googleProfile.replaceAll("&", "&amp;")}"]`) ??
          footer.querySelector(`a[href="${business.googleProfile}"]`),
        route,
      ).not.toBeNull();
      for (const profile of business.social)
        expect(footer.querySelector(`a[href="${profile.url}"]`)?.textContent.trim(), route).toBe(profile.name);
    }
  });

  it("has the header, footer and calls to action on every page", () => {
    for (const route of [...ALL_PAGES, "/404"]) {
      const { root } = page(route);
      const header = root.querySelector("header");
      expect(header.querySelector('a[href="/"]'), route).not.toBeNull();
      expect(header.querySelector(`a[href="tel:${business.phone.e164}"]`)).not.toBeNull();
      expect(header.querySelector('a.btn[href="/kontakt"]').textContent).toContain("Få et tilbud");
      const desktop = header.querySelector("elektriker-nav");
      expect(desktop.querySelectorAll("a").map((a) => a.getAttribute("href"))).toEqual([
        "/ydelser",
        "/ydelser/private",
        "/ydelser/erhverv",
        "/ydelser/event",
        "/ydelser/energioptimering",
        "/ydelser/event",
        "/ydelser/erhverv",
        "/om-os",
        "/kontakt",
      ]);
      expect(header.querySelector("details.mobile-menu summary")).not.toBeNull();
      const footer = root.querySelector("footer");
      expect(footer.querySelector(`a[href="mailto:${business.email}"]`)).not.toBeNull();
      expect(footer.textContent).toContain(`${business.address.postalCode} ${business.address.town}`);
      expect(footer.querySelectorAll('a[href^="/omraader/"]')).toHaveLength(Math.min(areas.length, TOWNS_NEAR_BASE.footer));
    }
  });

  it("shows a back link to the services on the service pages only", () => {
    for (const route of ROUTES) {
      const back = page(route).root.querySelector('footer a[href="/ydelser"]')?.textContent.includes("Tilbage");
      expect(Boolean(back), route).toBe(route.startsWith("/ydelser/"));
    }
  });

  it("puts a working plain-HTML quote form in every quote-form island", () => {
    const action = `${business.backend.url}/functions/v1/send-contact-email?forceFunctionRegion=${business.processors.database.hostRegion}`;
    for (const route of ["/", "/kontakt", "/kontakt/fejl", ...AREA_ROUTES]) {
      const forms = page(route).root.querySelectorAll("elektriker-quote-form form");
      expect(forms.length, route).toBeGreaterThan(0);
      for (const form of forms) {
        expect(form.getAttribute("action")).toBe(action);
        expect(form.getAttribute("method")).toBe("post");
        const field = (name) => form.querySelector(`[name="${name}"]`);
        expect(field("name").getAttribute("placeholder")).toBe("Dit navn");
        expect(field("name").getAttribute("minlength")).toBe("2");
        expect(field("name").getAttribute("maxlength")).toBe("100");
        expect(field("phone").getAttribute("type")).toBe("tel");
        expect(field("phone").getAttribute("minlength")).toBe("8");
        expect(field("phone").getAttribute("maxlength")).toBe("20");
        expect(field("email").getAttribute("type")).toBe("email");
        expect(field("message").tagName).toBe("TEXTAREA");
        expect(field("message").getAttribute("rows")).toBe("4");
        expect(field("message").getAttribute("minlength")).toBe("10");
        expect(field("message").getAttribute("maxlength")).toBe("1000");
        for (const name of ["name", "phone", "email", "message"]) expect(field(name).hasAttribute("required"), name).toBe(true);
        if (field("location").getAttribute("type") !== "hidden") {
          expect(field("location").getAttribute("placeholder")).toBe("Hvor skal arbejdet udføres?");
          expect(field("location").getAttribute("maxlength")).toBe("200");
        }
        expect(form.querySelector('button[type="submit"]').textContent.trim()).toBe("Send forespørgsel");
        // The privacy notice under every form (GDPR art. 13), linking the privacy page.
        expect(form.querySelector('.privacy-note a[href="/privatlivspolitik"]'), route).not.toBeNull();
        // The page it was sent from, and the honeypot only bots fill in (never shown to people).
        expect(field("page").getAttribute("value")).toBe(route);
        expect(field("website").closest(".hidden")).not.toBeNull();
      }
    }
    expect(page("/").root.querySelectorAll("elektriker-quote-form")).toHaveLength(2);
  });

  it("shows each photo slot sized and lazy below the fold: a real photo as AVIF and WebP, a placeholder as its SVG", () => {
    for (const route of ROUTES) {
      for (const picture of page(route).root.querySelectorAll("picture")) {
        const img = picture.querySelector("img");
        // A slot without a photo shows its vector placeholder, written as it is (no raster encoding); a
        // slot with one (site/images/photos/), AVIF with WebP as the fallback.
        if (/^\/img\/placeholder-/.test(img.getAttribute("src"))) {
          expect(picture.querySelectorAll("source"), route).toHaveLength(0);
          expect(img.getAttribute("src")).toMatch(/^\/img\/placeholder-[a-z]+\.[0-9a-f]{10}\.svg$/);
        } else {
          expect(picture.querySelector("source").getAttribute("type"), route).toBe("image/avif");
          expect(img.getAttribute("src"), route).toMatch(/^\/img\/\S+\.webp$/);
        }
        expect(Number(img.getAttribute("width"))).toBeGreaterThan(0);
        expect(Number(img.getAttribute("height"))).toBeGreaterThan(0);
        expect(img.getAttribute("alt").length).toBeGreaterThan(5);
        expect(img.getAttribute("loading")).toBe("lazy");
        expect(existsSync(join(DIST, img.getAttribute("src")))).toBe(true);
      }
    }
    // Area pages show three slots each (site/omraader.11tydata.js), whichever towns there are.
    for (const route of AREA_ROUTES) expect(page(route).root.querySelectorAll("picture").length, route).toBeGreaterThanOrEqual(3);
  });
});

describe("privacy", () => {
  it("has a privacy page naming the controller, purpose, legal basis, recipients, retention, rights and Datatilsynet", () => {
    const text = page("/privatlivspolitik").root.querySelector("main").textContent;
    for (const fact of [
      business.brand,
      `${business.address.street}, ${business.address.postalCode} ${business.address.town}`,
      business.email,
      "artikel 6, stk. 1, litra b",
      business.processors.database.region,
      "uden for EU",
      business.processors.mail.name,
      `${business.privacy.requestRetentionMonths} måneder`,
      `${business.privacy.clientDataRetentionDays} dage`,
      "indsigt",
      "Datatilsynet",
      "ingen cookies",
    ]) {
      expect(text, fact).toContain(fact);
    }
  });

  it("names the SMS provider among the processors exactly when business.yaml lists one", () => {
    const recipients = page("/privatlivspolitik").root.querySelector("#modtagere").nextElementSibling.nextElementSibling;
    const names = recipients.querySelectorAll("li strong").map((name) => name.textContent);
    const listed = Object.values(business.processors).map((processor) => processor.name);
    expect(names).toEqual(listed);
    expect(page("/privatlivspolitik").root.querySelector("#modtagere").nextElementSibling.textContent).toContain(
      `${listed.length === 3 ? "Tre" : "To"} leverandører`,
    );
  });

  it("links the privacy page from the footer of every page", () => {
    for (const route of [...ALL_PAGES, "/404"])
      expect(page(route).root.querySelector('footer a[href="/privatlivspolitik"]'), route).not.toBeNull();
  });
});

describe("links", () => {
  it("resolves every internal link and anchor", () => {
    const known = new Set(ALL_PAGES);
    const broken = [];
    for (const route of [...ALL_PAGES, "/404"]) {
      const { root } = page(route);
      for (const anchor of root.querySelectorAll("a[href]")) {
        const href = anchor.getAttribute("href");
        if (/^(tel|mailto|https?):/.test(href)) continue;
        const [path, fragment] = href.split("#");
        const target = path === "" ? route : path;
        if (target !== route && !known.has(target) && !existsSync(join(DIST, target))) {
          broken.push(`${route} -> ${href}`);
          continue;
        }
        if (fragment && (known.has(target) || target === route) && !page(target).root.querySelector(`[id="${fragment}"]`))
          broken.push(`${route} -> ${href} (no #${fragment})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
