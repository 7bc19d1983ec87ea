// Photos with a quote request, against PostgreSQL 15 (what Supabase runs; the local stack's PGlite
// stores them in the photo journeys of tests/browser/engines.test.js) and a real SMTP server: the firm's
// e-mail carries them, stripped of their metadata; the database keeps them only until that e-mail is
// out (a retry still has them, a failed request keeps them until the retention purge, erasure takes
// them); what is not a photo, too large (in bytes or pixels) or too many is refused in Danish, storing
// nothing.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startPostgres15 } from "../support/databases.js";
import { CRON_SECRET, MAIL_TO, SITE_URL, startBackend } from "../support/function.js";
import { blackPng, exifWebp, gpsJpeg, jpegOver, pdfBytes, textPng } from "../support/photo-fixtures.js";
import { stripMetadata } from "../../supabase/functions/_shared/photo-bytes.ts";
import { PHOTO_LIMITS } from "../../supabase/functions/_shared/quote-photos.ts";
import { startMailApiStandIn } from "../support/mail-api-stand-in.js";
import { dueNow, requestRows } from "../support/rows.js";
import answerMessages from "../../supabase/functions/_shared/answer-messages.json" with { type: "json" };

const VALID = {
  name: "Jens Hansen",
  phone: "+45 12 34 56 78",
  email: "jens.hansen@example.dk",
  location: "Køge",
  message: "Billeder af eltavlen er vedhæftet.",
};

/** @typedef {{ name: string, bytes: Uint8Array }} Upload */

/** A form body as a browser builds it: the fields, then each photo as a file part. */
function formData(/** @type {Record<string, string>} */ fields, /** @type {Upload[]} */ photos) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const photo of photos) form.append("photos", new Blob([Uint8Array.from(photo.bytes)]), photo.name);
  return form;
}

describe("photos with a quote request, on PostgreSQL 15", () => {
  /** @type {Awaited<ReturnType<typeof startBackend>>} */
  let backend;
  let client = 0;
  beforeAll(async () => {
    backend = await startBackend(startPostgres15);
  });
  afterAll(async () => backend?.stop());
  beforeEach(async () => {
    await backend.settled();
    await backend.sql`delete from quote_requests`;
    backend.mailbox.clear();
  });

  /** Posts as the plain form does (no JavaScript): multipart, the site's Origin, answered with redirects. */
  const postForm = async (/** @type {Upload[]} */ photos, fields = VALID) => {
    const response = await fetch(backend.functions.submitUrl, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: SITE_URL, "X-Forwarded-For": `10.7.0.${++client}` },
      body: formData(fields, photos),
    });
    await backend.settled();
    return response;
  };
  /** Posts as the widget does with photos: multipart with its measured fill time, asking for JSON. */
  const postWidget = async (/** @type {Upload[]} */ photos) => {
    const response = await fetch(backend.functions.submitUrl, {
      method: "POST",
      headers: { Origin: SITE_URL, Accept: "application/json", "X-Forwarded-For": `10.8.0.${++client}` },
      body: formData({ ...VALID, elapsedMs: "60000" }, photos),
    });
    await backend.settled();
    return response;
  };
  const photoRows = () => backend.sql`select request_id, position, filename, content_type, length(bytes) as size from quote_request_photos`;
  /** Each request's id and the state of the firm's e-mail about it. */
  const requests = async () => (await requestRows(backend.sql)).map(({ id, mail }) => ({ id, mail }));
  const retry = () => fetch(backend.functions.retryUrl, { method: "POST", headers: { Authorization: `Bearer ${CRON_SECRET}` } });

  it("mails the firm the photos of a plain form post, stripped of GPS and camera, byte for byte, and keeps none once sent", async () => {
    const jpeg = await gpsJpeg();
    const png = await textPng();
    const webp = await exifWebp();
    const response = await postForm([
      { name: "eltavle.jpg", bytes: jpeg },
      { name: "måler.png", bytes: png },
      { name: "kabel.webp", bytes: webp },
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE_URL}/kontakt/tak`);
    const [mail, ...others] = await backend.mailbox.all();
    expect(others).toHaveLength(0);
    expect(mail.parsed.to?.[0].address).toBe(MAIL_TO);
    const attachments = mail.parsed.attachments;
    expect(attachments.map((file) => [file.filename, file.mimeType])).toEqual([
      ["eltavle.jpg", "image/jpeg"],
      ["måler.png", "image/png"],
      ["kabel.webp", "image/webp"],
    ]);
    const expected = [stripMetadata(jpeg, "image/jpeg"), stripMetadata(png, "image/png"), stripMetadata(webp, "image/webp")];
    attachments.forEach((file, index) => {
      expect(Buffer.from(/** @type {ArrayBuffer} */ (file.content)).equals(Buffer.from(expected[index]))).toBe(true);
    });
    // The phone's position and camera never reach the firm; the picture stays upright.
    const received = Buffer.from(/** @type {ArrayBuffer} */ (attachments[0].content));
    expect(received.includes("TestPhone")).toBe(false);
    expect((await sharp(received).metadata()).orientation).toBe(6);
    expect((await requests())[0].mail).toBe("sent");
    expect(await photoRows()).toHaveLength(0);
  });

  it("takes the widget's photos with a JSON answer, and a JSON post without photos as before", async () => {
    const response = await postWidget([{ name: "tavle.jpg", bytes: await gpsJpeg() }]);
    expect(response.status).toBe(200);
    const { id } = await response.json();
    const json = await fetch(backend.functions.submitUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_URL, "X-Forwarded-For": `10.9.0.${++client}` },
      body: JSON.stringify({ ...VALID, email: "uden.billeder@example.dk", elapsedMs: 60_000 }),
    });
    expect(json.status).toBe(200);
    await backend.settled();
    const mails = await backend.mailbox.all();
    expect(mails.map((mail) => mail.parsed.attachments.length).sort()).toEqual([0, 1]);
    expect(mails.find((mail) => mail.parsed.attachments.length === 1)?.parsed.messageId).toBe(`<${id}@quote-requests>`);
    expect(await photoRows()).toHaveLength(0);
  });

  it("refuses a renamed document, a photo over 8 MB and a sixth photo, in Danish naming the file, and stores nothing", async () => {
    const answer = async (/** @type {Upload[]} */ photos) => {
      const response = await postWidget(photos);
      return { status: response.status, error: (await response.json()).error };
    };
    expect(await answer([{ name: "tavle.jpg", bytes: pdfBytes() }])).toEqual({
      status: 400,
      error: "Filen »tavle.jpg« er ikke et billede i JPEG-, PNG- eller WebP-format. Vælg et andet billede, eller send uden.",
    });
    expect(await answer([{ name: "stor.jpg", bytes: await jpegOver(PHOTO_LIMITS.fileBytes) }])).toEqual({
      status: 413,
      error: "Filen »stor.jpg« fylder mere end 8 MB. Tag billedet igen med lavere opløsning, eller send det uden.",
    });
    const png = await textPng();
    expect(await answer([1, 2, 3, 4, 5, 6].map((n) => ({ name: `${n}.png`, bytes: png })))).toEqual({
      status: 413,
      error: "Du kan sende højst 5 billeder med en forespørgsel.",
    });
    // The plain form is sent to the error page, which names the reason (never the file's name).
    const form = await postForm([{ name: "tavle.jpg", bytes: pdfBytes() }]);
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(`${SITE_URL}/kontakt/fejl?grund=photoType#photoType`);
    expect(await requests()).toHaveLength(0);
    expect(await photoRows()).toHaveLength(0);
    expect(await backend.mailbox.all()).toHaveLength(0);
  });

  it("refuses a file that only starts like a photo, and a picture too large to open, in Danish naming the file", async () => {
    const answer = async (/** @type {Upload[]} */ photos) => {
      const response = await postWidget(photos);
      return { status: response.status, error: (await response.json()).error };
    };
    // A JPEG's first bytes and a scan with no frame header, holding a web page.
    const html = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0]),
      Buffer.from("<html><body>Faktura</body></html>"),
      Buffer.from([0xff, 0xd9]),
    ]);
    expect(await answer([{ name: "faktura.jpg", bytes: html }])).toEqual({
      status: 400,
      error: answerMessages.photoType.replace("{file}", "Filen »faktura.jpg«"),
    });
    // 30000 x 30000 in 107 kB: a viewer would need gigabytes to open it.
    const bomb = await answer([{ name: "kæmpe.png", bytes: blackPng(30000, 30000) }]);
    expect(bomb).toEqual({ status: 400, error: answerMessages.photoPixels.replace("{file}", "Filen »kæmpe.png«") });
    expect(await requests()).toHaveLength(0);
    expect(await photoRows()).toHaveLength(0);
    expect(await backend.mailbox.all()).toHaveLength(0);
  });

  it("keeps the photos while the mail server is down, and the retry mails them, then deletes them", async () => {
    await backend.mailbox.down();
    let id;
    try {
      const response = await postWidget([{ name: "tavle.png", bytes: await textPng() }]);
      ({ id } = await response.json());
      expect((await requests())[0].mail).toBe("due");
      expect(await photoRows()).toEqual([expect.objectContaining({ request_id: id, position: 1, filename: "tavle.png" })]);
    } finally {
      await backend.mailbox.up();
    }
    await dueNow(backend.sql, id);
    expect(await (await retry()).json()).toEqual({ mail: { sent: 1, failed: 0 } });
    const [mail] = await backend.mailbox.all();
    expect(mail.parsed.attachments.map((file) => file.filename)).toEqual(["tavle.png"]);
    expect(await photoRows()).toHaveLength(0);
  });

  it("deletes only the sent request's photos, in the statement that records its e-mail sent", async () => {
    await backend.mailbox.down();
    /** @type {string[]} */
    const ids = [];
    try {
      for (const name of ["other.png", "waiting.png"]) ids.push((await (await postWidget([{ name, bytes: await textPng() }])).json()).id);
    } finally {
      await backend.mailbox.up();
    }
    const [other, waiting] = ids;
    // A new request with a photo is sent and deletes its own photo, not the waiting requests'.
    const { id: sent } = await (await postWidget([{ name: "ny.png", bytes: await textPng() }])).json();
    expect((await requests()).find((row) => row.id === sent)?.mail).toBe("sent");
    expect((await photoRows()).map((row) => row.request_id).sort()).toEqual([other, waiting].sort());
    // The outbox's finish records an e-mail sent and deletes its photos in one statement: no instance
    // that stops in between can leave them stored. The waiting one keeps its photo.
    const policy = { leaseSeconds: 60 };
    await dueNow(backend.sql, other);
    const [claimed] = await backend.sql`select id, attempt from claim_deliveries(${backend.sql.json({ mail: policy })}, ${other})`;
    await backend.sql`select finish_deliveries(${[claimed.id]}::bigint[], ${[claimed.attempt]}::int[], null, false, ${backend.sql.json(policy)})`;
    expect((await photoRows()).map((row) => row.request_id)).toEqual([waiting]);
  });

  it("takes an idempotency key for the request with its photos: other photos under it are refused, never replayed", async () => {
    // The widget's retry after a lost answer, with the same key: with the same photo it is the same
    // request; with another photo it is not, and the visitor must not be told "sendt" for it.
    const keyed = async (/** @type {Upload[]} */ photos) => {
      const response = await fetch(backend.functions.submitUrl, {
        method: "POST",
        headers: { Origin: SITE_URL, Accept: "application/json", "Idempotency-Key": "photo-key-0001", "X-Forwarded-For": "10.6.0.1" },
        body: formData({ ...VALID, elapsedMs: "60000" }, photos),
      });
      await backend.settled();
      return response;
    };
    const png = { name: "tavle.png", bytes: await textPng() };
    const first = await (await keyed([png])).json();
    expect((await (await keyed([png])).json()).id).toBe(first.id);
    const swapped = await keyed([{ name: "tavle.png", bytes: await gpsJpeg() }]);
    expect(swapped.status).toBe(422);
    expect((await requests()).map((row) => row.id)).toEqual([first.id]);
  });

  it("stores no photos with a held request: it is never mailed, and a stranger could fill the database with them", async () => {
    // Ten requests for one address from ten clients reach the firm; the next is held.
    for (let n = 0; n < 10; n++) {
      const stored = await fetch(backend.functions.submitUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: SITE_URL, "X-Forwarded-For": `10.5.0.${n + 1}` },
        body: JSON.stringify({ ...VALID, elapsedMs: 60_000 }),
      });
      expect(stored.status).toBe(200);
    }
    const held = await postWidget([{ name: "tavle.jpg", bytes: await gpsJpeg() }]);
    expect(held.status).toBe(200);
    const { id } = await held.json();
    expect((await requests()).find((row) => row.id === id)?.mail).toBe("held");
    expect(await photoRows()).toHaveLength(0);
  });

  it("keeps the photos of a request that ends failed until the retention purge, and erasure deletes them", async () => {
    backend.mailbox.refuse(MAIL_TO); // the mail server refuses for good: the row ends failed
    const failed = await postWidget([{ name: "a.jpg", bytes: await gpsJpeg() }]);
    const { id } = await failed.json();
    expect((await requests())[0]).toEqual({ id, mail: "failed" });
    expect(await photoRows()).toHaveLength(1);
    await backend.sql`update quote_requests set received_at = now() - interval '13 months' where id = ${id}`;
    await backend.sql`select * from public.purge_expired_quote_data()`;
    expect(await photoRows()).toHaveLength(0);

    backend.mailbox.refuse(MAIL_TO);
    await postWidget([{ name: "b.jpg", bytes: await gpsJpeg() }]);
    expect(await photoRows()).toHaveLength(1);
    await backend.sql`select public.forget_quote_requester(${VALID.email})`;
    expect(await requests()).toHaveLength(0);
    expect(await photoRows()).toHaveLength(0);
  });
});

describe("photos through the other runtime and the other transport", () => {
  it("under Deno as deployed, a plain form's photo reaches the firm over SMTP, stripped", async () => {
    const backend = await startBackend(startPostgres15, { runtime: "deno" });
    try {
      const jpeg = await gpsJpeg();
      const response = await fetch(backend.functions.submitUrl, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: SITE_URL },
        body: formData(VALID, [{ name: "tavle.jpg", bytes: jpeg }]),
      });
      expect(response.headers.get("location")).toBe(`${SITE_URL}/kontakt/tak`);
      await backend.settled();
      const [mail] = await backend.mailbox.all();
      const [file] = mail.parsed.attachments;
      expect(Buffer.from(/** @type {ArrayBuffer} */ (file.content)).equals(Buffer.from(stripMetadata(jpeg, "image/jpeg")))).toBe(true);
      await expect.poll(async () => (await backend.sql`select count(*)::int as n from quote_request_photos`)[0].n).toBe(0);
    } finally {
      await backend.stop();
    }
  });

  // The HTTP mail API is a TEST DOUBLE (tests/support/mail-api-stand-in.js): nothing here speaks it.
  it("over the HTTP mail API, the photos go as base64 attachments that decode to the stripped bytes", async () => {
    const api = await startMailApiStandIn();
    const backend = await startBackend(startPostgres15, {
      env: { SMTP_URL: undefined, RESEND_API_KEY: api.apiKey, RESEND_API_URL: api.url },
    });
    try {
      const png = await textPng();
      const response = await fetch(backend.functions.submitUrl, {
        method: "POST",
        headers: { Origin: SITE_URL, Accept: "application/json" },
        body: formData({ ...VALID, elapsedMs: "60000" }, [{ name: "måler.png", bytes: png }]),
      });
      expect(response.status).toBe(200);
      await backend.settled();
      const [{ body }] = api.emails;
      expect(body.attachments).toHaveLength(1);
      expect(body.attachments[0]).toMatchObject({ filename: "måler.png", content_type: "image/png" });
      expect(Buffer.from(body.attachments[0].content, "base64").equals(Buffer.from(stripMetadata(png, "image/png")))).toBe(true);
      expect((await backend.sql`select count(*)::int as n from quote_request_photos`)[0].n).toBe(0);
    } finally {
      await backend.stop();
      await api.stop();
    }
  });
});
