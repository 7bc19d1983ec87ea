// The photo journeys, run in every engine with the others (tests/browser/engines.test.js): a visitor
// picks photos in the site's form and in the partner embed (scaled in the browser, shown as thumbnails,
// one removed again), and without JavaScript the plain form posts the original; the firm's e-mail is
// checked for the photos each time.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { PERSON, mailFields, mailTo } from "../support/local-site-checks.js";
import { gpsJpeg, textPng } from "../support/photo-fixtures.js";
import { stripMetadata } from "../../supabase/functions/_shared/photo-bytes.ts";

const SEND = { css: "button", text: "Send forespørgsel" };
const folder = mkdtempSync(join(tmpdir(), "photo-journeys-"));
// The photos serve every journey of the file that imports them: gone when its worker ends.
process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
/** A phone's photo, larger than the form sends (3000 x 2000), with its GPS position in EXIF. */
const LARGE = join(folder, "eltavle.jpg");
/** A small JPEG with GPS, sent as it is by the plain form. */
const GPS = join(folder, "måler.jpg");
const PNG = join(folder, "kabel.png");
const ready = (async () => {
  writeFileSync(
    LARGE,
    await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#b04020" } })
      .jpeg()
      .withExif({ IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "55/1 27/1 3141/100" } })
      .toBuffer(),
  );
  writeFileSync(GPS, await gpsJpeg());
  writeFileSync(PNG, await textPng());
})();

/** @typedef {import("./journeys.js").Journey} Journey */
/** @typedef {import("postal-mime").Email} Email */

/**
 * Each attachment's name, type, size in pixels and whether any metadata was left in it.
 * @param {Email} mail
 */
const attached = (mail) =>
  Promise.all(
    mail.attachments.map(async (file) => {
      const meta = await sharp(Buffer.from(/** @type {ArrayBuffer} */ (file.content))).metadata();
      return { name: file.filename, type: file.mimeType, width: meta.width, height: meta.height, exif: meta.exif !== undefined };
    }),
  );

/**
 * Picks the three photos in the form inside `scope`, removes the PNG again, sends, and returns the firm's e-mail.
 * @param {any} context a journey's context
 * @param {import("../support/browser-adapters.js").TargetStep[]} scope
 * @param {string} email
 * @param {import("../support/browser-adapters.js").TargetStep[]} sentNotice
 * @param {Record<string, string>} [more] the form's other fields (the site's form asks where)
 */
async function sendWithPhotos({ tab, site }, scope, email, sentNotice, more = {}) {
  await ready;
  for (const [name, text] of Object.entries({ name: PERSON.name, phone: PERSON.phone, email, message: PERSON.message, ...more }))
    await tab.type([...scope, `[name="${name}"]`], text);
  await tab.setFiles([...scope, "input[type=file]"], [LARGE, GPS, PNG]);
  await tab.waitForElement([...scope, ".quote-thumbs li:nth-child(3)"], { timeout: 30_000 });
  await tab.click([...scope, { css: ".quote-thumbs button", text: "Fjern kabel.jpg" }]);
  await tab.click([...scope, SEND]);
  await tab.waitForElement(sentNotice, { timeout: 30_000 });
  // Sent: the thumbnails are gone with the rest of the form's values.
  await tab.waitFor(
    (/** @type {any} */ step) =>
      !document.querySelector(step)?.shadowRoot?.querySelector(".quote-thumbs li") && !document.querySelector(`${step} .quote-thumbs li`),
    [scope[0]],
    {
      what: "the thumbnails to go",
    },
  );
  return mailTo(site, email);
}

/** @type {Journey[]} */
export const PHOTO_JOURNEYS = [
  {
    name: "photos picked in the site's form are scaled to 2000 px as upright JPEG without metadata, one removed, and reach the firm",
    sends: true,
    url: "/kontakt",
    async run(context) {
      const { tab, expect, engine, sent } = context;
      await tab.click("#kontakt-form-name"); // the first interaction wakes the island
      await tab.waitForElement("elektriker-quote-form[ready]");
      const email = `billeder-${engine}@example.dk`;
      const mail = await sendWithPhotos(
        context,
        ["elektriker-quote-form"],
        email,
        ["elektriker-notices", { css: ".notice", text: "Besked sendt!" }],
        { location: "Haslev" },
      );
      expect(await attached(mail)).toEqual([
        { name: "eltavle.jpg", type: "image/jpeg", width: 2000, height: 1333, exif: false },
        // Stored sideways by the "phone" (EXIF Orientation 6): drawn upright, so the firm needs no tag to turn it.
        { name: "måler.jpg", type: "image/jpeg", width: 48, height: 64, exif: false },
      ]);
      sent.stored.push({ email, row: { name: PERSON.name, mail: "sent" } });
    },
  },
  {
    name: "photos picked in the partner embed load one module from the site, and reach the firm",
    sends: true,
    partner: true,
    async run(context) {
      const { tab, site, expect, engine, sent } = context;
      await tab.waitForElement("elektriker-tilbud[ready]");
      const email = `billeder-partner-${engine}@example.dk`;
      const mail = await sendWithPhotos(context, ["elektriker-tilbud"], email, [
        "elektriker-tilbud-notices",
        { css: ".notice", text: "Besked sendt!" },
      ]);
      expect((await attached(mail)).map((file) => [file.name, file.type, file.exif])).toEqual([
        ["eltavle.jpg", "image/jpeg", false],
        ["måler.jpg", "image/jpeg", false],
      ]);
      expect(mailFields(mail)).toMatchObject({ Partner: "byportalen" });
      const scripts = (await tab.requests()).filter((/** @type {string} */ url) => url.endsWith(".js"));
      expect(scripts.filter((/** @type {string} */ url) => url.startsWith(`${site.base}/widgets/`)).length).toBe(2);
      sent.stored.push({ email, row: { partner_id: "byportalen", mail: "sent" } });
    },
  },
  {
    name: "without JavaScript the form posts the original photo, which reaches the firm without its GPS position",
    url: "/omraader/faxe",
    javaScript: false,
    async run({ tab, site, expect, engine, sent }) {
      await ready;
      const email = `billeder-udenjs-${engine}@example.dk`;
      for (const [name, text] of Object.entries({ name: PERSON.name, phone: PERSON.phone, email, message: PERSON.message }))
        await tab.type(["elektriker-quote-form", `[name="${name}"]`], text);
      await tab.setFiles(["elektriker-quote-form", "input[type=file]"], [GPS]);
      await tab.click(["elektriker-quote-form", SEND]);
      await tab.waitFor(() => location.pathname === "/kontakt/tak", [], { what: "/kontakt/tak" });
      const mail = await mailTo(site, email);
      const [file, ...more] = mail.attachments;
      expect(more).toEqual([]);
      const original = readFileSync(GPS);
      expect(Buffer.from(/** @type {ArrayBuffer} */ (file.content)).equals(Buffer.from(stripMetadata(original, "image/jpeg")))).toBe(true);
      sent.stored.push({ email, row: { location: "Faxe", mail: "sent" } });
      return { noConsole: true };
    },
  },
];
