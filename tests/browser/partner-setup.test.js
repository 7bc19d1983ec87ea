// A partner's set-up, in Chromium against the local stack: a partner registered with `npm run partners`
// gets its lead credited through the embed on its own origin, and a page that is not registered (a
// stranger, or the partner's page opened as localhost when 127.0.0.1 was registered) shows in Danish
// that the form is not set up and to call the firm, fires quote-failed with status 403, and stores
// nothing. Before, that page failed the preflight: "could not connect", and a status of null.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../dev/chromium.js";
import { visit } from "../support/browser.js";
import { PERSON, rowsFor, storedRows } from "../support/local-site-checks.js";
import { startLocalSite } from "../support/local-site.js";
import { THEME, startPartnerServer } from "../support/partner-page.js";
import { business } from "../support/site.js";

/** @type {import("../support/local-site.js").LocalSite} */
let site;
/** @type {import("playwright-core").Browser} */
let browser;
/** @type {{ port: number, stop: () => Promise<unknown> }} */
let partner;
/** The partner's registered origins: its own host name, and a loopback address. */
const origins = () => ({ named: `http://partner.test:${partner.port}`, loopback: `http://127.0.0.1:${partner.port}` });

beforeAll(async () => {
  partner = await startPartnerServer((host) => ({
    embedUrl: `${site.base}/widgets/quote-form.embed.js`,
    apiUrl: site.apiUrl,
    partnerId: host.startsWith("partner.test:") ? "byportalen" : "lokalportalen",
  }));
  site = await startLocalSite({
    partners: [
      { id: "byportalen", name: "Byportalen", origin: origins().named },
      { id: "lokalportalen", name: "Lokalportalen", origin: origins().loopback },
    ],
  });
  // partner.test and fremmed.test are 127.0.0.1 for this browser: two more origins on the partner's server.
  browser = await launchChromium({ args: ["--host-resolver-rules=MAP partner.test 127.0.0.1, MAP fremmed.test 127.0.0.1"] });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await partner?.stop();
  await site?.stop();
});

/**
 * Opens the partner's page at `url` and records the embed's events.
 * @param {string} url
 */
async function openEmbed(url) {
  const visited = await visit(browser, url);
  const host = visited.page.locator("elektriker-tilbud[ready]");
  await host.waitFor();
  await visited.page.evaluate(() => {
    window.__events = [];
    for (const type of ["quote-sent", "quote-failed"])
      document.addEventListener(type, (event) => window.__events.push({ type, detail: /** @type {CustomEvent} */ (event).detail }));
  });
  return { ...visited, host };
}

/** @param {import("playwright-core").Locator} host @param {string} email */
async function send(host, email) {
  for (const [name, value] of Object.entries({ ...PERSON, email })) await host.locator(`[name="${name}"]:visible`).fill(value);
  await host.getByRole("button", { name: "Send forespørgsel" }).click();
}

describe("a partner registered with npm run partners", () => {
  it("gets its lead credited through the embed on its own origin", async () => {
    const { context, page, host, problems } = await openEmbed(`${origins().named}/`);
    const email = "registreret@example.dk";
    await send(host, email);
    await page.locator("elektriker-tilbud-notices .notice").filter({ hasText: "Besked sendt!" }).waitFor();
    const [row] = await storedRows(site, email, "the partner's row");
    expect(row).toMatchObject({ partner_id: "byportalen", source_url: `${origins().named}/` });
    expect(await page.evaluate(() => window.__events)).toEqual([{ type: "quote-sent", detail: { requestId: row.id } }]);
    expect(problems.console).toEqual([]);
    await context.close();
  });
});

describe("a page that is not registered", () => {
  /** @type {[string, () => string][]} */
  const pages = [
    ["a stranger's page", () => `http://fremmed.test:${partner.port}/`],
    ["the partner's page opened as localhost, registered as 127.0.0.1", () => `http://localhost:${partner.port}/`],
  ];
  for (const [what, url] of pages) {
    it(`${what}: says in Danish that the form is not set up here and to call, fires quote-failed 403, stores nothing`, async () => {
      const { context, page, host } = await openEmbed(url());
      const email = `ikke-sat-op-${what.length}@example.dk`;
      await send(host, email);
      const failed = host.locator(".quote-failed");
      await failed.waitFor();
      expect(await failed.textContent()).toBe(
        `Ikke sendt: Formularen er ikke sat op til denne side endnu, så vi kan ikke modtage din forespørgsel herfra. Ring til os på ${business.phone.display}, så hjælper vi dig.`,
      );
      expect(await failed.getByRole("link", { name: business.phone.display }).getAttribute("href")).toBe(`tel:${business.phone.e164}`);
      // One message, in the form: no notice says it again over the form.
      expect(await page.locator("elektriker-tilbud-notices .notice").count()).toBe(0);
      const [event] = await page.evaluate(() => window.__events);
      expect(event).toEqual({ type: "quote-failed", detail: { requestId: expect.any(String), status: 403 } });
      expect(await rowsFor(site, email)).toHaveLength(0);
      await context.close();
    });
  }
});

describe("the check attribute, before going live", () => {
  /** @param {string} url @returns {Promise<{ type: string, text: string }>} the embed's console line */
  async function consoleLine(url) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const line = page.waitForEvent("console", (message) => message.text().startsWith("<elektriker-tilbud check>"));
    await page.goto(url);
    const message = await line;
    await context.close();
    return { type: message.type(), text: message.text() };
  }

  it("writes one line in the console saying that a registered page is set up, and whose leads it credits", async () => {
    expect(await consoleLine(`${origins().named}/check`)).toEqual({
      type: "info",
      text: `<elektriker-tilbud check> ${origins().named} er registreret: formularen kan sende herfra, og forespørgslerne krediteres partner-id'et byportalen.`,
    });
  });

  it("warns on a page that is not registered, naming the origin to send the firm", async () => {
    const line = await consoleLine(`http://localhost:${partner.port}/check`);
    expect(line).toEqual({ type: "warning", text: expect.stringContaining(`http://localhost:${partner.port} er ikke registreret hos os`) });
  });

  it("sends no lead and stores nothing", async () => {
    const [{ count }] = await site.sql`select count(*)::int as count from quote_requests where partner_id is null`;
    expect(count).toBe(0);
    expect(site.functionOutput.join("")).toContain('"event":"partner_check"');
  });
});

describe("the embed on a page with its own font size and theme", () => {
  // The partner page's http://localhost origin is not registered: a send fails, which shows the failed
  // line (with the phone as a link); from the registered name it is sent, which shows the confirmation
  // and a notice. /themed adds `* { font-size: 30px !important }` and the theme on :root. Before, the
  // font size scaled the whole form about 1.9 times (its rem was the page's root size), and the failed
  // line's phone link kept the browser's blue.
  /** @param {string} path */
  async function failedSend(path) {
    const visited = await openEmbed(`http://localhost:${partner.port}${path}`);
    await send(visited.host, `tema-${path.length}@example.dk`);
    await visited.host.locator(".quote-failed a").waitFor();
    return visited;
  }
  /** @param {string} path */
  async function sentSend(path) {
    const visited = await openEmbed(`${origins().named}${path}`);
    await send(visited.host, `tema-sendt-${path.length}@example.dk`);
    await visited.page.locator("elektriker-tilbud-notices .notice").filter({ hasText: "Besked sendt!" }).waitFor();
    // The pointer on the notice keeps it (it counts down only while nobody is reading it).
    await visited.page.locator("elektriker-tilbud-notices .notice-title").hover();
    return visited;
  }

  /** Every element of the embed and of its notices with the sizes it is drawn at. @param {import("playwright-core").Page} page */
  const drawnSizes = (page) =>
    page.evaluate(() =>
      ["elektriker-tilbud", "elektriker-tilbud-notices"].flatMap((tag) =>
        [.../** @type {ShadowRoot} */ (/** @type {Element} */ (document.querySelector(tag)).shadowRoot).querySelectorAll("*")].map(
          (element) => {
            const style = getComputedStyle(element);
            const box = element.getBoundingClientRect();
            return [
              `${tag} ${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""}`,
              style.fontSize,
              style.lineHeight,
              style.letterSpacing,
              style.textTransform,
              style.paddingTop,
              style.paddingLeft,
              style.marginTop,
              Math.round(box.width),
              Math.round(box.height),
            ].join(" ");
          },
        ),
      ),
    );

  it("keeps its own size where the page sets every element's font size, the notices' too", async () => {
    const plain = await sentSend("/");
    const plainSizes = await drawnSizes(plain.page);
    const themed = await sentSend("/themed");
    expect(await themed.page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("30px");
    const sizes = await drawnSizes(themed.page);
    expect(sizes).toEqual(plainSizes);
    // Its own size: 16 px text, whatever the page's root size.
    expect(sizes.find((line) => line.startsWith("elektriker-tilbud div.root "))).toMatch(/^\S+ \S+ 16px 24px normal none /);
    expect(sizes.find((line) => line.startsWith("elektriker-tilbud-notices p.notice-title"))).toMatch(/^\S+ \S+ 16px 24px normal none /);
    expect(sizes.find((line) => line.startsWith("elektriker-tilbud input."))).toMatch(/^\S+ \S+ 16px /);
    await plain.context.close();
    await themed.context.close();
  });

  it("shows every link in the partner's link colour, the failed line's phone link included, and the rest of its theme", async () => {
    const { context, page, host } = await failedSend("/themed");
    const colours = await page.evaluate(() => {
      const root = /** @type {ShadowRoot} */ (document.querySelector("elektriker-tilbud")?.shadowRoot);
      const colour = (/** @type {string} */ selector, property = "color") =>
        getComputedStyle(/** @type {Element} */ (root.querySelector(selector))).getPropertyValue(property);
      return {
        links: [...root.querySelectorAll("a")].map((link) => `${link.textContent?.trim()}: ${getComputedStyle(link).color}`),
        text: colour(".quote-card"),
        heading: colour("h2"),
        background: colour(".quote-card", "background-color"),
      };
    });
    expect(colours.links.length).toBeGreaterThanOrEqual(4); // the phone in the failed line, privacy, phone, e-mail
    for (const link of colours.links) expect(link).toMatch(new RegExp(`: ${THEME["--elektriker-link"].replace(/[()]/g, "\\$&")}$`));
    expect(colours).toMatchObject({ text: THEME["--elektriker-text"], heading: THEME["--elektriker-heading"] });
    expect(colours.background).toBe(THEME["--elektriker-background"]);
    // A field's focus ring; and the failure said once, in the form, with no notice over it.
    const field = host.locator('[name="name"]');
    await field.focus();
    expect(await field.evaluate((element) => getComputedStyle(element).outlineColor)).toBe(THEME["--elektriker-focus"]);
    expect(await page.locator("elektriker-tilbud-notices .notice").count()).toBe(0);
    await context.close();
  });

  it("grows only with --elektriker-scale", async () => {
    const { context, page, host } = await openEmbed(`http://localhost:${partner.port}/themed`);
    const button = host.getByRole("button", { name: "Send forespørgsel" });
    const height = async () => (await button.boundingBox())?.height ?? 0;
    const before = await height();
    await page.evaluate(() =>
      /** @type {HTMLElement} */ (document.querySelector("elektriker-tilbud")).style.setProperty("--elektriker-scale", "1.5"),
    );
    expect((await height()) / before).toBeCloseTo(1.5, 1);
    await context.close();
  });
});
