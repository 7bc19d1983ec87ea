// Photos sent with a quote request are told by their bytes and lose what a camera writes into them
// (the GPS position, the camera) by byte surgery: the stripped file is still the same picture, and a
// sideways phone photo stays upright. A multipart body is read as it streams, within its limits.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { GPS_LATITUDE, exifWebp, gpsJpeg, jpegOver, pdfBytes, textPng } from "../support/photo-fixtures.js";
import { NotAPhoto, photoType, stripMetadata, stripMetadataInPlace } from "../../supabase/functions/_shared/photo-bytes.ts";
import { MultipartRefused, readMultipart } from "../../supabase/functions/_shared/multipart.ts";
import { checkPhotos, displayName, NotAnImage, PHOTO_LIMITS } from "../../supabase/functions/_shared/quote-photos.ts";
import answerMessages from "../../supabase/functions/_shared/answer-messages.json" with { type: "json" };

const pixels = async (/** @type {Uint8Array} */ bytes) => (await sharp(bytes).raw().toBuffer()).toString("base64");
const contains = (/** @type {Uint8Array} */ bytes, /** @type {string} */ text) => Buffer.from(bytes).includes(text);

describe("a photo's type and metadata, by its bytes", () => {
  it("tells JPEG, PNG and WebP by their magic numbers, and nothing else, whatever the name", async () => {
    expect(photoType(await gpsJpeg())).toBe("image/jpeg");
    expect(photoType(await textPng())).toBe("image/png");
    expect(photoType(await exifWebp())).toBe("image/webp");
    expect(photoType(pdfBytes())).toBeNull();
    expect(photoType(new TextEncoder().encode("GIF89a......"))).toBeNull();
    expect(photoType(new Uint8Array(0))).toBeNull();
  });

  it("takes the GPS position and camera out of a JPEG, keeps its orientation, and leaves the picture as it was", async () => {
    const original = await gpsJpeg();
    expect(contains(original, "TestPhone")).toBe(true);
    const stripped = stripMetadata(original, "image/jpeg");
    expect(contains(stripped, "TestPhone")).toBe(false);
    expect(contains(stripped, GPS_LATITUDE.split(" ")[2])).toBe(false);
    const meta = await sharp(stripped).metadata();
    expect(meta.orientation).toBe(6);
    // Orientation alone: no GPS IFD pointer (tag 0x8825) in what is left of EXIF.
    expect(Buffer.from(meta.exif ?? []).includes(Buffer.from([0x88, 0x25]))).toBe(false);
    expect(await pixels(stripped)).toBe(await pixels(original));
  });

  it("takes text and EXIF out of a PNG and EXIF out of a WebP, which still decode to the same pixels", async () => {
    for (const [original, type] of /** @type {const} */ ([
      [await textPng(), "image/png"],
      [await exifWebp(), "image/webp"],
    ])) {
      const stripped = stripMetadata(original, type);
      expect((await sharp(stripped).metadata()).exif).toBeUndefined();
      expect(contains(stripped, "TestPhone") || contains(stripped, "Jens")).toBe(false);
      expect(await pixels(stripped)).toBe(await pixels(original));
    }
  });

  it("strips a received photo in its own bytes, with no second copy, to the same result", async () => {
    for (const [original, type] of /** @type {const} */ ([
      [await gpsJpeg(), "image/jpeg"],
      [await textPng(), "image/png"],
      [await exifWebp(), "image/webp"],
    ])) {
      const expected = Buffer.from(stripMetadata(original, type));
      const received = Uint8Array.from(original);
      const stripped = stripMetadataInPlace(received, type);
      expect(stripped.buffer).toBe(received.buffer);
      expect(Buffer.from(stripped).equals(expected)).toBe(true);
    }
  });

  it("refuses a file that starts like an image but is not a whole one", async () => {
    for (const [bytes, type] of /** @type {const} */ ([
      [(await gpsJpeg()).subarray(0, 40), "image/jpeg"],
      [(await textPng()).subarray(0, 30), "image/png"],
      [(await exifWebp()).subarray(0, 20), "image/webp"],
    ])) {
      expect(() => stripMetadata(bytes, type)).toThrow(NotAPhoto);
    }
  });

  it("refuses a renamed document by the name the visitor chose, and names a photo by its real type", async () => {
    expect(() => checkPhotos([{ field: "photos", filename: "tavle.jpg", bytes: pdfBytes() }])).toThrow(
      expect.objectContaining({ filename: "tavle.jpg" }),
    );
    expect(() => checkPhotos([{ field: "photos", filename: "x.jpg", bytes: pdfBytes() }])).toThrow(NotAnImage);
    const [photo] = checkPhotos([{ field: "photos", filename: "C:\\Billeder\\tavle.jpg", bytes: await textPng() }]);
    expect(photo).toMatchObject({ filename: "tavle.png", contentType: "image/png" });
    expect(displayName('a"b<c>\nd.jpg', 1)).toBe("abcd.jpg");
    expect(displayName("", 2)).toBe("billede-2");
  });

  it("states the limits the refusals name", () => {
    expect(answerMessages.tooManyPhotos).toContain(`højst ${PHOTO_LIMITS.maxFiles} billeder`);
    expect(answerMessages.photoTooLarge).toContain(`${PHOTO_LIMITS.fileBytes / 1024 / 1024} MB`);
    expect(answerMessages.photosTooLarge).toContain(`${PHOTO_LIMITS.totalBytes / 1024 / 1024} MB`);
  });
});

describe("a multipart body, read as it streams", () => {
  const LIMITS = { textBytes: 1024, ...PHOTO_LIMITS };
  /** The body a browser sends for `form`, delivered in `chunk`-byte pieces (boundaries fall anywhere). */
  async function read(/** @type {FormData} */ form, chunk = 7) {
    const request = new Request("http://localhost/", { method: "POST", body: form });
    const boundary = /boundary=(.*)$/.exec(request.headers.get("content-type") ?? "")?.[1] ?? "";
    const body = new Uint8Array(await request.arrayBuffer());
    let at = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (at >= body.length) return controller.close();
        controller.enqueue(body.slice(at, at + chunk));
        at += chunk;
      },
    });
    return readMultipart(stream.getReader(), boundary, LIMITS);
  }

  it("gives the text fields and the files, byte for byte, wherever the pieces break", async () => {
    const jpeg = await gpsJpeg();
    const form = new FormData();
    form.set("name", "Søren Ærø");
    form.set("message", "Linje 1\r\n--ikke en grænse\r\nLinje 3");
    form.append("photos", new Blob([Uint8Array.from(jpeg)]), "tavle.jpg");
    form.append("photos", new Blob([]), "");
    for (const chunk of [1, 7, 64 * 1024]) {
      const { fields, files } = await read(form, chunk);
      expect(fields).toMatchObject({ name: "Søren Ærø", message: "Linje 1\r\n--ikke en grænse\r\nLinje 3" });
      expect(files).toHaveLength(1);
      expect(files[0].filename).toBe("tavle.jpg");
      expect(Buffer.from(files[0].bytes).equals(jpeg)).toBe(true);
    }
  });

  it("stops at a sixth photo, a photo over its size, and text over the text limit", async () => {
    const six = new FormData();
    for (let n = 1; n <= 6; n++) six.append("photos", new Blob([Uint8Array.from(await textPng())]), `${n}.png`);
    await expect(read(six, 4096)).rejects.toEqual(new MultipartRefused("tooManyPhotos"));
    const large = new FormData();
    large.append("photos", new Blob([Uint8Array.from(await jpegOver(PHOTO_LIMITS.fileBytes))]), "stor.jpg");
    await expect(read(large, 64 * 1024)).rejects.toMatchObject({ reason: "photoTooLarge", filename: "stor.jpg" });
    const text = new FormData();
    text.set("message", "x".repeat(2000));
    await expect(read(text)).rejects.toMatchObject({ reason: "tooLarge" });
  });
});
