// The widgets by keyboard and through the accessibility tree, on the firm's pages and in the partner
// embed: focus during and after a send, errors
// that stay, menus that close, focus rings and field edges of at least 3:1 (computed from the styles),
// names and descriptions as a screen reader gets them, no keystroke lost at hydration, the phone's
// action bar, forced colours, and axe at 390 and 1280 px with the menus open and errors showing.
// The built site is served as it ships; the backend's answers are the one boundary faked (page.route),
// with the bodies the function sends (tests/backend covers the function itself).
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import answerMessages from "../../supabase/functions/_shared/answer-messages.json" with { type: "json" };
import rules from "../../supabase/functions/_shared/quote-rules.json" with { type: "json" };
import { launchChromium } from "../../dev/chromium.js";
import { closeServer, listen } from "../../dev/local/servers.js";
import { axeViolations, visit as visitUrl } from "../support/browser.js";
import { business } from "../support/site.js";
import { startSite } from "../support/server.js";

let site;
let browser;
let partner;

const PHONE = business.phone.display;
const message = (key) => answerMessages[key].replace("{phone}", PHONE);
const PERSON = {
  name: "Jens Hansen",
  phone: "12 34 56 78",
  email: "jens@example.dk",
  location: "Køge",
  message: "Ny eltavle og flere stikkontakter i køkkenet.",
};
const PHONE_SIZE = { viewport: { width: 390, height: 844 } };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** An English partner page on its own origin, with the embed. */
const partnerPage = (embedUrl) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Town portal</title></head>
<body><main><h1>Find an electrician</h1><button id="own-button" type="button">Our button</button>
<elektriker-tilbud partner="byportalen"></elektriker-tilbud></main>
<script type="module" src="${embedUrl}"></script></body></html>`;

beforeAll(async () => {
  site = await startSite();
  browser = await launchChromium();
  const server = createServer((_request, response) =>
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(partnerPage(`${site.base}/widgets/quote-form.embed.js`)),
  );
  const port = await listen(server, 0, "127.0.0.1");
  partner = { origin: `http://127.0.0.1:${port}`, stop: () => closeServer(server) };
});
afterAll(async () => {
  await browser?.close();
  await partner?.stop();
  await site?.stop();
});

/** Opens a route of the built site (optionally with Playwright's clock installed before the page loads). */
async function open(path, options = {}, { clock = false } = {}) {
  if (!clock) return visitUrl(browser, (path.startsWith("http") ? "" : site.base) + path, options);
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.clock.install();
  await page.goto((path.startsWith("http") ? "" : site.base) + path, { waitUntil: "load" });
  return { context, page };
}

/**
 * Answers the quote function's requests with `status` and `body` (after `delayMs`, or once `until`
 * resolves: the test decides when the answer comes), as the function would.
 */
async function backendAnswers(page, status, body, { delayMs = 0, until = Promise.resolve() } = {}) {
  const calls = [];
  await page.route(`${business.backend.url}/**`, async (route) => {
    const cors = {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Headers": "*",
      "Access-Control-Allow-Methods": "POST, OPTIONS",
    };
    if (route.request().method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
    calls.push(route.request().postDataJSON());
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await until;
    if (status === null) return route.abort("connectionrefused");
    return route.fulfill({ status, headers: cors, contentType: "application/json", body: JSON.stringify(body) });
  });
  return calls;
}

/** The element that has focus, through shadow roots: a short description. */
const focused = (page) =>
  page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element || element === document.body) return null;
    return {
      tag: element.localName,
      id: element.id,
      text: (element.textContent ?? "").trim().slice(0, 80),
      role: element.getAttribute("role"),
    };
  });

/** The accessibility tree as Chromium computes it (shadow roots included): role, name, description. */
async function axNodes(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  return nodes
    .filter((node) => !node.ignored)
    .map((node) => ({ role: node.role?.value, name: node.name?.value ?? "", description: node.description?.value ?? "" }));
}

/** Wakes the quote form island on the page (its first interaction) and waits until it has hydrated. */
async function wakeForm(page, fieldId) {
  await page.locator(`#${fieldId}`).focus();
  await page.locator(`elektriker-quote-form[ready]:has(#${fieldId})`).waitFor();
}

async function fillForm(scope, values) {
  for (const [name, value] of Object.entries(values)) await scope.locator(`[name="${name}"]:visible`).fill(value);
}

describe("the quote form sent by keyboard, on the site and in the embed", () => {
  it("keeps focus on the button while sending and moves it to a lasting confirmation with the phone number", async () => {
    const { context, page } = await open("/kontakt", PHONE_SIZE);
    // The answer comes once the sending state has been read: on a busy machine a fixed delay ran out
    // between two reads of it.
    let answer = () => {};
    const calls = await backendAnswers(page, 200, { id: "abc" }, { until: new Promise((resolve) => (answer = resolve)) });
    await wakeForm(page, "kontakt-form-name");
    await fillForm(page.locator("#contact"), PERSON);
    await page.locator("#kontakt-form-message").focus();
    await page.keyboard.press("Tab"); // the optional photo field comes after the message
    expect(await focused(page)).toMatchObject({ tag: "input", id: "kontakt-form-photos" });
    await page.keyboard.press("Tab"); // the honeypot is out of the Tab order: the next stop is the button
    expect(await focused(page)).toMatchObject({ tag: "button", text: "Send forespørgsel" });
    await page.keyboard.press("Enter");
    await expect.poll(() => focused(page)).toMatchObject({ tag: "button", text: "Sender..." });
    expect(await page.locator(".quote-submit").getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("Enter"); // a repeat press while sending is ignored
    answer();
    // A form filled this fast first waits out the minimum fill time (quote-rules.json minFillMs), then the answer.
    await expect.poll(() => focused(page), { timeout: 10_000 }).toMatchObject({ id: "kontakt-form-sent" });
    expect(calls).toHaveLength(1);
    const sent = page.locator("#kontakt-form-sent");
    expect(await sent.textContent()).toContain(`Haster det? Ring på ${PHONE}`);
    expect(await sent.getByRole("link", { name: PHONE }).getAttribute("href")).toBe(`tel:${business.phone.e164}`);
    // Focus stayed where the visitor was, not at the top of the page (on /kontakt the form is near the
    // top, so the confirmation sits a few hundred pixels down).
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  const failures = [
    {
      what: "a 400 for a too-fast form",
      status: 400,
      body: { error: answerMessages.tooFast, requestId: "r1" },
      shown: answerMessages.tooFast,
    },
    { what: "a 429", status: 429, body: { error: message("limited"), requestId: "r2" }, shown: message("limited") },
    { what: "a 500", status: 500, body: { error: message("internal"), requestId: "r3" }, shown: message("internal") },
  ];
  for (const { what, status, body, shown } of failures) {
    // The reason was once shown in the form and again in a notice over it: one message, with the phone.
    it(`shows the reason for ${what} once, in an alert inside the form that stays, with the phone and focus on it`, async () => {
      const { context, page } = await open("/kontakt", DESKTOP, { clock: true });
      const calls = await backendAnswers(page, status, body);
      await wakeForm(page, "kontakt-form-name");
      await fillForm(page.locator("#contact"), PERSON);
      await page.locator(".quote-submit").focus();
      await page.keyboard.press("Enter");
      const alert = page.locator("#contact [role='alert']");
      await alert.waitFor();
      expect(await alert.textContent()).toContain(shown);
      await expect.poll(() => focused(page)).toMatchObject({ id: "kontakt-form-failed", role: "alert" });
      expect(await alert.getByRole("link", { name: PHONE }).getAttribute("href")).toBe(`tel:${business.phone.e164}`);
      expect(await page.locator("elektriker-notices .notice").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.clock.runFor(6_000);
      expect(await page.locator("elektriker-notices .notice").count()).toBe(0);
      expect(await alert.textContent()).toContain(shown); // it stays until the next attempt
      for (const [name, value] of Object.entries(PERSON)) expect(await page.locator(`#kontakt-form-${name}`).inputValue()).toBe(value);
      expect(calls.length).toBe(1);
      await context.close();
    });
  }

  it("keeps a request no answer came back for, and says so in the form with focus on it", async () => {
    const { context, page } = await open("/kontakt", DESKTOP, { clock: true });
    const calls = await backendAnswers(page, null, null);
    await wakeForm(page, "kontakt-form-name");
    await fillForm(page.locator("#contact"), PERSON);
    await page.locator(".quote-submit").focus();
    await page.keyboard.press("Enter");
    await page.clock.runFor(8_000); // the retries after 1, 2 and 4 s
    const kept = page.locator("#kontakt-form-kept");
    await kept.waitFor();
    expect(await kept.getAttribute("role")).toBe("status");
    expect(await kept.textContent()).toContain("Vi kunne ikke få forbindelse. Vi har gemt din forespørgsel på denne enhed");
    await expect.poll(() => focused(page)).toMatchObject({ id: "kontakt-form-kept" });
    expect(await page.locator("#contact [role='alert']").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(calls.length).toBe(4); // the first try and 3 retries, then kept
    await context.close();
  });

  it("pauses the notices while Alt+T has focus in them, and returns focus when the last one is closed", async () => {
    const { context, page } = await open("/kontakt", DESKTOP, { clock: true });
    await backendAnswers(page, 200, { id: "abc" });
    await wakeForm(page, "kontakt-form-name");
    await fillForm(page.locator("#contact"), PERSON);
    await page.locator(".quote-submit").focus();
    await page.keyboard.press("Enter");
    // A form filled this fast first waits out the minimum fill time, then the answer: 'Besked sendt!'.
    await page.clock.runFor(5_000);
    // Then the page's time stands still, so the notice's 5 s cannot run out while a busy machine brings
    // the answer and the key press (the clock otherwise runs on in real time).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await expect.poll(() => focused(page)).toMatchObject({ id: "kontakt-form-sent" });
    await page.keyboard.press("Alt+T");
    expect(await focused(page)).toMatchObject({ tag: "section" });
    await page.clock.runFor(10_000);
    const notice = page.locator("elektriker-notices .notice");
    expect(await notice.count()).toBe(1);
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "button" });
    await page.keyboard.press("Enter");
    await page.clock.runFor(500);
    await expect.poll(() => notice.count()).toBe(0);
    await expect.poll(() => focused(page)).toMatchObject({ id: "kontakt-form-sent" });
    await context.close();
  });

  it("in the embed on a partner page: focus stays on the button, then moves to the confirmation in its shadow root", async () => {
    const { context, page } = await open(`${partner.origin}/`, PHONE_SIZE);
    await backendAnswers(page, 200, { id: "abc" }, { delayMs: 500 });
    const host = page.locator("elektriker-tilbud[ready]");
    await host.waitFor();
    await fillForm(host, PERSON);
    await host.locator(".quote-submit").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => focused(page)).toMatchObject({ tag: "button", text: "Sender..." });
    await expect.poll(() => focused(page), { timeout: 10_000 }).toMatchObject({ text: expect.stringContaining("Besked sendt!") });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("the quote form, the FAQ and the notices in the accessibility tree", () => {
  it("names each field by its label only, describes it by its hint and error, and states that all fields but the photos are required", async () => {
    const { context, page } = await open("/kontakt", DESKTOP);
    await wakeForm(page, "kontakt-form-name");
    await page.locator("#kontakt-form-name").fill("J");
    await page.locator("#kontakt-form-phone").fill("12ab");
    await page.locator(".quote-submit").focus();
    await page.keyboard.press("Enter");
    await page.locator("#kontakt-form-name-error").waitFor();
    expect(await page.locator("#contact .quote-required").isVisible()).toBe(true);
    expect(await page.locator("#contact .quote-required").textContent()).toBe("Alle felter undtagen billeder skal udfyldes.");
    const fields = (await axNodes(page)).filter((node) => node.role === "textbox");
    const byName = (name) => fields.filter((node) => node.name === name);
    expect(byName(rules.name.label)[0]?.description).toBe(rules.name.minMessage);
    expect(byName(rules.phone.label)[0]?.description).toBe(`${rules.phone.minMessage} ${rules.phone.hint}`);
    expect(byName(rules.email.label)[0]?.description).toContain(rules.email.hint);
    for (const field of ["location", "message"]) expect(byName(rules[field].label)).toHaveLength(1);
    expect(fields.some((node) => node.name.includes("skal være"))).toBe(false);
    await context.close();
  });

  it("announces a second submit with the same errors again", async () => {
    const { context, page } = await open("/kontakt", DESKTOP);
    await wakeForm(page, "kontakt-form-name");
    await page.evaluate(() => {
      window.__changes = 0;
      const status = /** @type {Element} */ (document.querySelector("#contact [role='status']"));
      new MutationObserver(() => window.__changes++).observe(status, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.locator(".quote-submit").click();
    await expect.poll(() => page.evaluate(() => window.__changes)).toBeGreaterThan(0);
    const first = await page.evaluate(() => window.__changes);
    await page.locator(".quote-submit").click();
    await expect.poll(() => page.evaluate(() => window.__changes)).toBeGreaterThan(first);
    await context.close();
  });

  it("names the FAQ questions without the '+' sign", async () => {
    const { context, page } = await open("/ydelser/energioptimering", DESKTOP);
    const questions = await page.locator("elektriker-faq summary").allTextContents();
    const names = (await axNodes(page)).map((node) => node.name);
    for (const question of questions) expect(names).toContain(question.trim());
    expect(names.filter((name) => /[+–]$|plus$/.test(name) && questions.some((question) => name.startsWith(question.trim())))).toEqual([]);
    await context.close();
  });

  it("has no empty notices landmark, and a Danish notice closed by its button without reading '×'", async () => {
    const { context, page } = await open("/kontakt", DESKTOP);
    await wakeForm(page, "kontakt-form-name");
    expect((await axNodes(page)).filter((node) => node.name === "Notifications")).toEqual([]);
    await backendAnswers(page, 200, { id: "x" });
    await fillForm(page.locator("#contact"), PERSON);
    await page.locator(".quote-submit").click();
    await page.locator("elektriker-notices .notice").waitFor();
    const region = page.locator("elektriker-notices section");
    expect(await region.getAttribute("aria-label")).toBe("Notifications");
    expect(await region.getAttribute("lang")).toBe("en");
    expect(await region.locator("ol").getAttribute("lang")).toBe("da");
    const names = (await axNodes(page)).map((node) => node.name);
    expect(names).toContain("Luk besked");
    expect(names.filter((name) => name.includes("×"))).toEqual([]);
    await context.close();
  });
});

describe("the embed on an English partner page", () => {
  it("declares Danish on its form and its notices, and leaves Alt+T to the page until it shows a notice", async () => {
    const { context, page } = await open(`${partner.origin}/`, DESKTOP);
    await page.locator("elektriker-tilbud[ready]").waitFor();
    const lang = await page.evaluate(() => {
      const label = document.querySelector("elektriker-tilbud")?.shadowRoot?.querySelector("label");
      return label?.closest("[lang]")?.getAttribute("lang");
    });
    expect(lang).toBe("da");
    expect(await page.locator("elektriker-tilbud-notices").getAttribute("lang")).toBe("da");
    const altT = () =>
      page.evaluate(() => {
        const event = new KeyboardEvent("keydown", { key: "t", code: "KeyT", altKey: true, bubbles: true, cancelable: true });
        document.getElementById("own-button")?.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await altT()).toBe(false);
    await context.close();
  });
});

describe("the free times of /besigtigelse by keyboard and in the accessibility tree", () => {
  // Two days of free times, as the function's `?slots` answers (winter: Copenhagen is UTC+1).
  const SLOTS = ["2030-01-14T08:00:00Z", "2030-01-14T09:00:00Z", "2030-01-15T08:00:00Z"].map((start) => ({
    start,
    end: new Date(Date.parse(start) + 3_600_000).toISOString(),
  }));
  /** Opens the booking page with the function answering its free times; waits until they show. */
  async function openBooking(options) {
    const { context, page } = await open("/besigtigelse", options);
    await page.route(`${business.backend.url}/**`, (route) =>
      route.fulfill({
        status: 200,
        headers: { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "*" },
        contentType: "application/json",
        body: JSON.stringify({ slots: SLOTS }),
      }),
    );
    await page.reload({ waitUntil: "load" });
    await page.locator("input[name='start']").first().waitFor();
    return { context, page };
  }

  it("moves through the times with the arrow keys as one group, each named by its time within its day", async () => {
    const { context, page } = await openBooking(PHONE_SIZE);
    // 'Book besigtigelse' without a time: the error is said and focus goes to the first time.
    await page.locator("elektriker-booking .quote-submit").focus();
    await page.keyboard.press("Enter");
    await page.locator("#booking-start-error[role='alert']").waitFor();
    expect(await page.locator("#booking-start-error").textContent()).toBe("Vælg en af de ledige tider");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("value"))).toBe(SLOTS[0].start);
    // The arrows choose the next time, across the days: one radio group, not one per day.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("value"))).toBe(SLOTS[2].start);
    expect(await page.locator("input[name='start']:checked").getAttribute("value")).toBe(SLOTS[2].start);
    // One Tab leaves the group for the form's first field.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    const nodes = await axNodes(page);
    expect(nodes.filter((node) => node.role === "radio").map((node) => node.name)).toEqual(["kl. 09.00", "kl. 10.00", "kl. 09.00"]);
    // Each day is a group named by its day, so the time is heard with its day.
    const groups = nodes.filter((node) => node.role === "group").map((node) => node.name);
    expect(groups).toContain("Ledige tider");
    expect(groups.filter((name) => /^(mandag|tirsdag) den 1[45]\. januar$/i.test(name))).toHaveLength(2);
    await context.close();
  });

  it("gives each time a thumb's width at 390 px, the whole label to press, and no axe violations with the error showing", async () => {
    const { context, page } = await openBooking(PHONE_SIZE);
    for (const box of await page.locator(".booking-time").evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect())))
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await page.locator("elektriker-booking .quote-submit").click();
    await page.locator("#booking-start-error").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.locator(".booking-time").nth(1).click();
    expect(await page.locator("input[name='start']:checked").getAttribute("value")).toBe(SLOTS[1].start);
    await context.close();
  });
});

describe("the header menus by keyboard", () => {
  it("closes the mobile menu when Tab leaves it, so focus never walks under the panel; Escape closes it from anywhere", async () => {
    const { context, page } = await open("/omraader/koge", PHONE_SIZE);
    const menu = page.locator(".mobile-menu");
    await page.locator(".mobile-toggle").focus();
    await page.keyboard.press("Enter");
    await page.locator("elektriker-mobile-menu[ready]").waitFor();
    expect(await menu.getAttribute("open")).not.toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    for (let step = 0; step < 20 && (await menu.getAttribute("open")) !== null; step++) await page.keyboard.press("Tab");
    expect(await menu.getAttribute("open")).toBeNull();
    const panelHidden = await page.locator(".mobile-panel").isHidden();
    expect(panelHidden).toBe(true);
    // Open again, let focus fall to the page, and press Escape there.
    await page.locator(".mobile-toggle").click();
    await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).blur());
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("open")).toBeNull();
    await context.close();
  });

  it("lists every page once in the mobile menu", async () => {
    const { context, page } = await open("/", PHONE_SIZE);
    await page.locator(".mobile-toggle").click();
    const hrefs = await page.locator(".mobile-panel li a").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(4);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    await context.close();
  });

  it("does not open 'Ydelser' on keyboard focus, and Escape closes it after a hover wherever focus is", async () => {
    const { context, page } = await open("/om-os", DESKTOP);
    const panel = page.locator("#nav-panel");
    for (let step = 0; step < 10; step++) {
      await page.keyboard.press("Tab");
      if ((await focused(page))?.text === "Ydelser") break;
    }
    expect(await focused(page)).toMatchObject({ tag: "a", text: "Ydelser" });
    await page.locator("elektriker-nav[ready]").waitFor();
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "button" }); // the toggle, not the four links
    expect(await panel.isVisible()).toBe(false);
    await page
      .locator("#main")
      .focus()
      .catch(() => {});
    await page.locator("elektriker-nav .nav-dropdown").hover();
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => /** @type {HTMLElement | null} */ (document.activeElement)?.blur());
    await page.keyboard.press("Escape");
    await expect.poll(() => panel.isVisible()).toBe(false);
    await context.close();
  });
});

describe("the quote form while it hydrates: no keystroke lost", () => {
  it("keeps every character typed while the code arrives on a slow CPU, and shows a saved draft without any interaction", async () => {
    const { context, page } = await open("/kontakt", DESKTOP);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    // The widget chunks arrive while the visitor is typing.
    await page.route(`${site.base}/widgets/**`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      await route.continue();
    });
    await page.locator("#kontakt-form-name").focus();
    await page.keyboard.type("Jens Hansen", { delay: 30 });
    await page.locator("elektriker-quote-form[ready]").waitFor();
    await page.keyboard.type("!", { delay: 30 }); // a render after hydration writes the component's copy back
    await expect.poll(() => page.locator("#kontakt-form-name").inputValue()).toBe("Jens Hansen!");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await page.unroute(`${site.base}/widgets/**`);
    // The draft was saved; a reload shows it at once, before any interaction.
    await page.reload();
    await page.locator("elektriker-quote-form[ready]").waitFor();
    expect(await page.locator("#kontakt-form-name").inputValue()).toBe("Jens Hansen!");
    await context.close();
  });
});

/** In the page: every focus stop's ring and the colours beside it, with the contrast between them. */
const ringOfFocused = () => {
  const canvas = /** @type {CanvasRenderingContext2D} */ (document.createElement("canvas").getContext("2d", { willReadFrequently: true }));
  const rgba = (color) => {
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = "#fff";
    canvas.fillRect(0, 0, 1, 1);
    canvas.fillStyle = color;
    canvas.fillRect(0, 0, 1, 1);
    return [...canvas.getImageData(0, 0, 1, 1).data];
  };
  const alpha = (color) => {
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = color;
    canvas.fillRect(0, 0, 1, 1);
    return canvas.getImageData(0, 0, 1, 1).data[3] / 255;
  };
  const luminance = ([r, g, b]) => {
    const channel = (value) => (value / 255 <= 0.03928 ? value / 255 / 12.92 : ((value / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const contrast = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
    return (x + 0.05) / (y + 0.05);
  };
  const parentOf = (element) => element.parentElement ?? element.getRootNode().host ?? null;
  const backgroundBehind = (element) => {
    for (let node = parentOf(element); node; node = parentOf(node)) {
      const color = getComputedStyle(node).backgroundColor;
      if (alpha(color) >= 0.5) return rgba(color);
    }
    return [255, 255, 255, 255];
  };
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  if (!element || element === document.body) return null;
  // Only the firm's own parts count on a partner's page.
  if (document.querySelector("elektriker-tilbud") && !(element.getRootNode() instanceof ShadowRoot)) return null;
  // The ring as it settles (buttons fade their colours, the outline's included).
  for (const animation of element.getAnimations()) animation.finish();
  const style = getComputedStyle(element);
  const ring = rgba(style.outlineColor);
  const behind = backgroundBehind(element);
  const own = alpha(style.backgroundColor) >= 0.5 ? rgba(style.backgroundColor) : behind;
  const offset = parseFloat(style.outlineOffset);
  return {
    what: `${element.localName}${element.id ? `#${element.id}` : ""} "${(element.textContent ?? "").trim().slice(0, 30)}"`,
    visible: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
    // The ring meets the background around it, and the element itself where it touches it.
    contrast: Math.min(contrast(ring, behind), offset >= 1 ? Infinity : contrast(ring, own)),
  };
};

describe("contrast of focus rings and field edges, computed from the styles", () => {
  /** @type {[string | null, { viewport: { width: number, height: number } }][]} */
  const pages = [
    ["/", DESKTOP],
    ["/", PHONE_SIZE],
    ["/kontakt", PHONE_SIZE],
    ["/ydelser/energioptimering", DESKTOP],
    [null, PHONE_SIZE], // the partner embed
  ];
  // Each page in its own context, which Playwright gives focus of its own: the pages are tabbed through
  // side by side, which halves the time these 450 key presses and reads take one after another.
  for (const [path, options] of pages) {
    it.concurrent(`every Tab stop on ${path ?? "a partner page with the embed"} at ${options.viewport.width} px has a ring of at least 3:1`, async ({
      expect,
    }) => {
      const { context, page } = await open(path ?? `${partner.origin}/`, options);
      if (!path) await page.locator("elektriker-tilbud[ready]").waitFor();
      const weak = [];
      let stops = 0;
      for (let step = 0; step < 90; step++) {
        await page.keyboard.press("Tab");
        const ring = await page.evaluate(`(${ringOfFocused.toString()})()`);
        if (!ring) continue;
        stops++;
        if (!ring.visible || ring.contrast < 3) weak.push(`${ring.what}: ${ring.visible ? ring.contrast.toFixed(2) : "no ring"}`);
      }
      expect(stops).toBeGreaterThan(5);
      expect([...new Set(weak)]).toEqual([]);
      await context.close();
    });
  }

  it("draws the quote form's field edges at 3:1 or more against the card, on the site and in the embed", async () => {
    for (const url of [`${site.base}/kontakt`, `${partner.origin}/`]) {
      const { context, page } = await open(url, DESKTOP);
      await page.locator("elektriker-tilbud[ready], elektriker-quote-form").first().waitFor();
      const contrasts = await page.evaluate(
        `(${(
          () => {
            const roots = [document, ...[...document.querySelectorAll("elektriker-tilbud")].flatMap((host) => host.shadowRoot ?? [])];
            const canvas = /** @type {CanvasRenderingContext2D} */ (
              document.createElement("canvas").getContext("2d", { willReadFrequently: true })
            );
            const rgb = (color) => {
              canvas.fillStyle = "#fff";
              canvas.fillRect(0, 0, 1, 1);
              canvas.fillStyle = color;
              canvas.fillRect(0, 0, 1, 1);
              return [...canvas.getImageData(0, 0, 1, 1).data];
            };
            const lum = (c) =>
              c
                .slice(0, 3)
                .map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
                .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
            const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
            return roots.flatMap((root) =>
              [...root.querySelectorAll(".field input, .field textarea")].map((field) => {
                const card = /** @type {Element} */ (field.closest(".quote-card"));
                return ratio(rgb(getComputedStyle(field).borderTopColor), rgb(getComputedStyle(card).backgroundColor));
              }),
            );
          }
        ).toString()})()`,
      );
      expect(contrasts.length).toBeGreaterThan(3);
      for (const value of contrasts) expect(value).toBeGreaterThanOrEqual(3);
      await context.close();
    }
  });
});

describe("the header and the phone's action bar", () => {
  it("shows a call link and 'Få et tilbud' without scrolling on a 390 px phone, and the header fits", async () => {
    const { context, page } = await open("/ydelser/private", PHONE_SIZE);
    const call = page
      .getByRole("link", { name: `Ring ${PHONE}` })
      .filter({ visible: true })
      .first();
    const quote = page.getByRole("link", { name: "Få et tilbud", exact: true }).filter({ visible: true }).first();
    for (const link of [call, quote]) {
      const box = await link.boundingBox();
      expect(box).not.toBeNull();
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await call.getAttribute("href")).toBe(`tel:${business.phone.e164}`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    for (const link of [call, quote]) expect((await link.boundingBox()).y).toBeLessThan(844);
    // The page's last line is not hidden under the bar.
    const footerBottom = await page.locator("footer").evaluate((footer) => footer.getBoundingClientRect().bottom);
    const barTop = await page.locator(".action-bar").evaluate((bar) => bar.getBoundingClientRect().top);
    expect(footerBottom).toBeLessThanOrEqual(barTop + 1);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("keeps the header's parts inside it at 320 px, with text-spacing overrides, and at 1024 px", async () => {
    /** @type {[{ viewport: { width: number, height: number }, bypassCSP?: boolean }, boolean][]} */
    const cases = [
      [{ viewport: { width: 320, height: 640 } }, false],
      [{ ...PHONE_SIZE, bypassCSP: true }, true],
      [{ viewport: { width: 1024, height: 700 } }, false],
    ];
    for (const [options, spacing] of cases) {
      const { context, page } = await open("/", options);
      // WCAG 1.4.12's text-spacing values, as a bookmarklet would set them.
      if (spacing)
        await page.addStyleTag({
          content:
            "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }",
        });
      const outside = await page.evaluate(() => {
        const header = /** @type {HTMLElement} */ (document.querySelector("header")).getBoundingClientRect();
        return [...document.querySelectorAll("header a, header summary")]
          .filter(
            (element) =>
              element.getClientRects().length &&
              getComputedStyle(element).visibility !== "hidden" &&
              !element.closest(".nav-panel, .mobile-panel"),
          )
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return (
              box.width > 0 &&
              (box.top < header.top - 0.5 ||
                box.bottom > header.bottom + 0.5 ||
                box.left < -0.5 ||
                box.right > innerWidth + 0.5 ||
                element.scrollWidth > element.clientWidth + 1)
            );
          })
          .map((element) => element.textContent.trim().replace(/\s+/g, " "));
      });
      expect(outside, `${options.viewport.width} px${spacing ? " with text spacing" : ""}`).toEqual([]);
      await context.close();
    }
  });
});

describe("forced colours and scroll regions", () => {
  it("keeps a border on every button and button-styled link in forced-colours mode", async () => {
    const { context, page } = await open("/", PHONE_SIZE);
    await page.emulateMedia({ forcedColors: "active" });
    await page.locator(".mobile-toggle").click();
    const borderless = await page.evaluate(() =>
      [...document.querySelectorAll("button, .btn")]
        .filter((element) => element.getClientRects().length)
        .filter((element) => {
          const style = getComputedStyle(element);
          return style.borderTopStyle === "none" || parseFloat(style.borderTopWidth) === 0;
        })
        .map((element) => element.textContent.trim() || element.getAttribute("aria-label")),
    );
    expect(borderless).toEqual([]);
    await context.close();
  });

  it("makes every region that scrolls sideways at 390 px focusable and named", async () => {
    const { context, page } = await open("/ydelser/energioptimering", PHONE_SIZE);
    const scrolling = await page.evaluate(() =>
      [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("main *"))]
        .filter((element) => element.scrollWidth > element.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(element).overflowX))
        .map((element) => ({
          tabIndex: element.tabIndex,
          role: element.getAttribute("role"),
          named: Boolean(element.getAttribute("aria-label") || element.getAttribute("aria-labelledby")),
        })),
    );
    for (const region of scrolling) expect(region).toEqual({ tabIndex: 0, role: "region", named: true });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe("axe with the menus open and errors showing", () => {
  for (const options of [PHONE_SIZE, DESKTOP]) {
    it(`has no violations at ${options.viewport.width} px on /kontakt and in the embed`, async () => {
      const { context, page } = await open("/kontakt", options);
      await wakeForm(page, "kontakt-form-name");
      await page.locator(".quote-submit").click();
      await page.locator("#kontakt-form-name-error").waitFor();
      if (options === PHONE_SIZE) await page.locator(".mobile-toggle").click();
      else {
        await page.locator("elektriker-nav .nav-dropdown").hover();
        await page.locator("#nav-panel").waitFor();
      }
      expect(await axeViolations(page)).toEqual([]);
      await context.close();

      const embed = await open(`${partner.origin}/`, options);
      const host = embed.page.locator("elektriker-tilbud[ready]");
      await host.waitFor();
      await backendAnswers(embed.page, 429, { error: message("limited"), requestId: "r" });
      await host.locator("[name='name']").fill("J");
      await host.locator(".quote-submit").click();
      await host.locator(".field-error").first().waitFor();
      expect(await axeViolations(embed.page)).toEqual([]);
      await fillForm(host, PERSON);
      await host.locator(".quote-submit").click();
      await host.locator("[role='alert']").waitFor();
      expect(await axeViolations(embed.page)).toEqual([]);
      await embed.context.close();
    });
  }
});

describe("/kontakt/fejl without the form's script", () => {
  it("shows only the fields the redirect names, with the form's labels, and says the Back button keeps what was typed", async () => {
    const { context, page } = await open("/kontakt/fejl?felter=phone,message#phone", DESKTOP);
    const visible = await page.locator("[data-problem]:visible").evaluateAll((items) => items.map((item) => item.id));
    expect(visible).toEqual(["phone", "message"]);
    expect(await page.locator("#phone strong").textContent()).toBe(`${rules.phone.label}:`);
    expect(await page.locator("#message strong").textContent()).toBe(`${rules.message.label}:`);
    expect(await page.locator("main").textContent()).toContain("browserens Tilbage-knap");
    expect(await page.getByRole("heading", { name: "Andre årsager" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("opened with no reason in its address, shows one general line with the phone as a call link, not every reason", async () => {
    // Opened on its own the page once listed all six reasons and eleven rules at once.
    const { context, page } = await open("/kontakt/fejl", DESKTOP);
    expect(await page.locator("[data-problem]:visible").count()).toBe(0);
    const general = page.locator("#general");
    expect(await general.isVisible()).toBe(true);
    expect(await general.locator(`a[href="tel:${business.phone.e164}"]`).count()).toBe(1);
    expect(await page.getByText("Ret det, der står nedenfor").isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("keeps the full list without JavaScript, labelled as the form labels its fields", async () => {
    const { context, page } = await open("/kontakt/fejl?felter=phone#phone", { ...DESKTOP, javaScriptEnabled: false });
    const labels = await page.locator("[data-problem] strong").allTextContents();
    expect(labels).toEqual(["name", "phone", "email", "location", "message"].map((field) => `${rules[field].label}:`));
    // Every rule and every reason, none hidden.
    expect(await page.locator("[data-problem]:visible").count()).toBe(await page.locator("[data-problem]").count());
    expect(await page.locator("main").textContent()).toContain("browserens Tilbage-knap");
    await context.close();
  });
});
