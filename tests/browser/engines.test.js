// The journeys of ./journeys.js in Chromium, Firefox ESR and WebKitGTK against the local stack (`npm
// start`'s PGlite, Deno functions and SMTP). The partner's page is served at http://partner.test:PORT,
// an origin that is neither secure nor loopback, as a partner's plain-http page is. The three engines
// run at the same time, each its journeys one after another; the stored rows are checked at the end.
// Firefox and WebKit also sign in to the firm's inbox (./inbox-journeys.js).
import { afterAll, beforeAll, describe, it } from "vitest";
import { ENGINES, PARTNER_HOST } from "../support/browser-adapters.js";
import { rowsFor } from "../support/local-site-checks.js";
import { startLocalSite } from "../support/local-site.js";
import { startPartnerServer } from "../support/partner-page.js";
import { addTeamMember } from "../support/team-command.js";
import { INBOX_SIGN_IN, inboxMember } from "./inbox-journeys.js";
import { JOURNEYS } from "./journeys.js";
import { OFFLINE_JOURNEYS } from "./offline-journeys.js";
import { PHOTO_JOURNEYS } from "./photo-journeys.js";

let site;
let partner;
/**
 * What the journeys sent: e-mail addresses with the row each must have, those that must have none, and
 * the call-backs (which have no address) by their phone number.
 */
const sent = { stored: [], refused: [], callbacks: [] };

beforeAll(async () => {
  partner = await startPartnerServer(() => ({ embedUrl: `${site.base}/widgets/quote-form.embed.js`, apiUrl: site.apiUrl }));
  site = await startLocalSite({ partners: [{ id: "byportalen", name: "Byportalen", origin: `http://${PARTNER_HOST}:${partner.port}` }] });
  // Before any journey: the local PGlite takes one client's queries at a time.
  for (const engine of INBOX_ENGINES) await addTeamMember(site, inboxMember(engine), "medarbejder");
}, 300_000);
afterAll(async () => {
  await partner?.stop();
  await site?.stop();
});

/**
 * Firefox with its timer precision coarsened to 100 ms (what privacy.resistFingerprinting does; the
 * default is 1 ms, with jitter): a timer set for the rest of the minimum fill time fires while
 * performance.now() still reads short of it, on nearly every wait instead of now and then. A person who
 * waited out the minimum is never refused for it: the journeys that send must pass here too.
 */
const COARSE_CLOCK = { "privacy.resistFingerprinting.reduceTimerPrecision.microseconds": 100_000 };
/** @type {import("./journeys.js").Journey} */
const EARLY_TIMERS = {
  name: "a timer's wait reads short on the page's clock: the form must check the clock, not trust the timer",
  url: "/kontakt",
  async run({ tab, expect }) {
    const short = await tab.evaluate(async () => {
      let count = 0;
      for (let i = 0; i < 100; i++) {
        const wait = 5 + (i % 7);
        const before = performance.now();
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (performance.now() - before < wait) count++;
      }
      return count;
    });
    expect(short).toBeGreaterThan(0);
  },
};
/** The engines that sign in to the inbox here; Chromium runs the whole inbox in ./inbox-flow.js. */
const INBOX_ENGINES = ["firefox", "webkit"];
const RUNS = {
  ...Object.fromEntries(
    Object.entries(ENGINES).map(([name, launch]) => [
      name,
      { launch, journeys: [...JOURNEYS, ...PHOTO_JOURNEYS, ...OFFLINE_JOURNEYS, ...(INBOX_ENGINES.includes(name) ? [INBOX_SIGN_IN] : [])] },
    ]),
  ),
  "firefox-coarse-clock": {
    launch: (options) => ENGINES.firefox({ ...options, prefs: COARSE_CLOCK }),
    journeys: [EARLY_TIMERS, ...JOURNEYS.filter((journey) => journey.sends)],
  },
};

for (const [name, { launch, journeys }] of Object.entries(RUNS)) {
  describe(name, { concurrent: true }, () => {
    let engine;
    beforeAll(async () => {
      engine = await launch({ partnerPort: partner.port });
    }, 120_000);
    afterAll(() => engine?.stop());

    for (const journey of journeys) {
      it.sequential(journey.name, async ({ expect }) => {
        const url = journey.partner ? `${engine.partnerOrigin}/` : site.base + journey.url;
        const javaScript = journey.javaScript ?? true;
        const tab = await engine.open(url, { ...journey.viewport, javaScript, clock: journey.clock });
        try {
          // A visitor acts once the page has started: every island defined, listening for its first
          // interaction. (On the partner's page the embed's own notices region is a plain element.)
          if (javaScript && !journey.partner)
            await tab.waitFor(() => document.querySelectorAll(":not(:defined)").length === 0, [], { what: "the islands to be defined" });
          /** @type {import("./journeys.js").Outcome} */
          const outcome = (await journey.run({ tab, site, partnerOrigin: engine.partnerOrigin, expect, engine: name, sent })) ?? {};
          // No console errors, uncaught errors or CSP violations (a page without JavaScript has no console to read).
          if (!outcome.noConsole) expect((await tab.problems()).filter((problem) => !outcome.allow?.(problem))).toEqual([]);
        } finally {
          await tab.close();
        }
      });
    }
  });
}

it("stores every request the journeys sent exactly once, as sent, and none that never reached the backend", async ({ expect }) => {
  expect(sent.stored.length).toBeGreaterThan(0);
  for (const { email, row } of sent.stored) {
    const rows = await rowsFor(site, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(row);
  }
  for (const email of sent.refused) expect(await rowsFor(site, email)).toHaveLength(0);
  expect(sent.callbacks.length).toBeGreaterThan(0);
  for (const { phone, row } of sent.callbacks) {
    const rows = await site.sql`select * from public.quote_requests where kind = 'callback' and phone = ${phone}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(row);
  }
});
