// Photos sent with a quote request are told by their bytes and lose what a camera writes into them
// (the GPS position, the camera) by byte surgery: the stripped file is still the same picture, and a
// sideways phone photo stays upright. A multipart body is read as it streams, within its limits.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  GPS_LATITUDE,
  MP4_LOCATION,
  blackPng,
  exifWebp,
  gpsJpeg,
  jpegOver,
  locatedMp4,
  pdfBytes,
  pngChunk,
  textPng,
} from "../support/photo-fixtures.js";
import {
  NotAPhoto,
  PIXEL_LIMITS,
  TooManyPixels,
  photoType,
  stripMetadata,
  stripMetadataInPlace,
} from "../../supabase/functions/_shared/photo-bytes.ts";
import { MAX_PARTS, MultipartRefused, readMultipart } from "../../supabase/functions/_shared/multipart.ts";
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
      [Buffer.concat([await gpsJpeg(), locatedMp4()]), "image/jpeg"],
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
    expect(answerMessages.photoPixels).toContain(`${PIXEL_LIMITS.pixels / 1e6} megapixel`);
    expect(answerMessages.photoPixels).toContain(`${PIXEL_LIMITS.side.toLocaleString("da-DK")} pixel`);
    expect(answerMessages.photoPixels).toMatch(/^\{file\} /);
  });
});

/** The offset of the first segment before the scans whose marker passes `wanted`. */
function jpegSegment(/** @type {Buffer} */ jpeg, /** @type {(marker: number) => boolean} */ wanted) {
  for (let at = 2; at + 4 <= jpeg.length && jpeg[at + 1] !== 0xda; at += 2 + jpeg.readUInt16BE(at + 2)) {
    if (wanted(jpeg[at + 1])) return at;
  }
  throw new Error("no such segment");
}
const isFrameHeader = (/** @type {number} */ marker) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
/** `jpeg` with its frame header saying `width` x `height`. */
function jpegSized(/** @type {Buffer} */ jpeg, /** @type {number} */ width, /** @type {number} */ height) {
  const out = Buffer.from(jpeg);
  const at = jpegSegment(out, isFrameHeader);
  out.writeUInt16BE(height, at + 5);
  out.writeUInt16BE(width, at + 7);
  return out;
}

/** A RIFF chunk, padded to an even size. */
function webpChunk(/** @type {string} */ type, /** @type {Uint8Array} */ data) {
  const head = Buffer.alloc(8);
  head.write(type, 0, "latin1");
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}
/** A WebP file of `chunks`. */
function riff(/** @type {Buffer[]} */ chunks) {
  const body = Buffer.concat([Buffer.from("WEBP"), ...chunks]);
  const head = Buffer.from("RIFF\0\0\0\0");
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}
/** The chunk types of a WebP, in order. */
function webpTypes(/** @type {Uint8Array} */ bytes) {
  const buffer = Buffer.from(bytes);
  const types = [];
  for (let at = 12; at + 8 <= buffer.length; at += 8 + buffer.readUInt32LE(at + 4) + (buffer.readUInt32LE(at + 4) % 2)) {
    types.push(buffer.toString("latin1", at, at + 4));
  }
  return types;
}
/** The chunk types of a PNG, in order. */
function pngTypes(/** @type {Uint8Array} */ bytes) {
  const buffer = Buffer.from(bytes);
  const types = [];
  for (let at = 8; at + 12 <= buffer.length; at += 12 + buffer.readUInt32BE(at)) types.push(buffer.toString("latin1", at + 4, at + 8));
  return types;
}
/** A VP8X chunk: `flags`, then the canvas's width and height less one, 24 bits each. */
function vp8x(/** @type {number} */ flags, /** @type {number} */ width, /** @type {number} */ height) {
  const data = Buffer.alloc(10);
  data[0] = flags;
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return webpChunk("VP8X", data);
}
const square = (/** @type {"jpeg" | "png" | "webp"} */ format, options = {}) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#d08020" } })
    .toFormat(format, options)
    .toBuffer();
const HTML = Buffer.from("<html><body><script>alert(1)</script></body></html>");
/** Scan header of one component: Ns 1, Cs 1, tables 0, Ss 0, Se 63, Ah/Al 0. */
const SOS = Buffer.from([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0]);

describe("a photo that reaches the firm is an image and nothing else", () => {
  it("keeps nothing after the end of the image: an appended JPEG with GPS, a Motion Photo's video, bytes after IEND or the RIFF", async () => {
    const jpeg = await gpsJpeg();
    // A phone's preview or gain map is a second JPEG after the first one's EOI, with EXIF of its own;
    // a Motion Photo appends an MP4 whose location atom says where it was filmed.
    const appended = Buffer.concat([jpeg, await gpsJpeg(), locatedMp4()]);
    const stripped = stripMetadata(appended, "image/jpeg");
    expect(contains(stripped, "TestPhone")).toBe(false);
    expect(contains(stripped, MP4_LOCATION)).toBe(false);
    expect(Buffer.from(stripped).equals(Buffer.from(stripMetadata(jpeg, "image/jpeg")))).toBe(true);
    expect(await pixels(stripped)).toBe(await pixels(jpeg));
    for (const [original, type] of /** @type {const} */ ([
      [await textPng(), "image/png"],
      [await exifWebp(), "image/webp"],
    ])) {
      const trailed = stripMetadata(Buffer.concat([original, locatedMp4()]), type);
      expect(contains(trailed, MP4_LOCATION)).toBe(false);
      expect(Buffer.from(trailed).equals(Buffer.from(stripMetadata(original, type)))).toBe(true);
    }
  });

  it("refuses a file with an image's first bytes and no image: no frame header, no image data, no end", async () => {
    const jpeg = await square("jpeg");
    const simple = await square("webp");
    const frame = simple.subarray(12); // the simple file's "VP8 " chunk: a real frame
    const animation = Buffer.alloc(16); // ANMF: where, how large, how long, then the frame's chunks
    animation.writeUIntLE(39, 6, 3);
    animation.writeUIntLE(29, 9, 3);
    const refused = {
      "a JPEG scan without a frame header, holding a ZIP": Buffer.concat([
        Buffer.from([0xff, 0xd8]),
        SOS,
        Buffer.from("PK\x03\x04 a zip"),
        Buffer.from([0xff, 0xd9]),
      ]),
      "a JPEG scan without a frame header, holding HTML": Buffer.concat([Buffer.from([0xff, 0xd8]), SOS, HTML, Buffer.from([0xff, 0xd9])]),
      "a JPEG whose scan never ends": jpeg.subarray(0, jpeg.length - 2),
      "a JPEG of no lines (the height left to a DNL marker)": jpegSized(jpeg, 40, 0),
      "a PNG without IDAT, its payload in a private chunk": Buffer.concat([
        blackPng(40, 30).subarray(0, 33),
        pngChunk("prVt", HTML),
        pngChunk("IEND"),
      ]),
      "a PNG of no pixels": blackPng(0, 30),
      "a WebP whose VP8 chunk holds no VP8 frame": riff([webpChunk("VP8 ", HTML)]),
      "a WebP whose VP8L chunk has no VP8L signature": riff([webpChunk("VP8L", HTML)]),
      "a WebP with VP8X and no bitstream": riff([vp8x(0, 40, 30), webpChunk("HTML", HTML)]),
      "an animated WebP": riff([
        vp8x(0x02, 40, 30),
        webpChunk("ANIM", Buffer.alloc(6)),
        webpChunk("ANMF", Buffer.concat([animation, frame])),
      ]),
    };
    for (const [what, bytes] of Object.entries(refused)) {
      const type = photoType(bytes);
      expect(type, what).not.toBeNull();
      expect(() => stripMetadata(bytes, /** @type {any} */ (type)), what).toThrow(NotAPhoto);
      expect(() => stripMetadata(bytes, /** @type {any} */ (type)), what).not.toThrow(TooManyPixels);
      expect(() => checkPhotos([{ field: "photos", filename: "faktura.jpg", bytes }]), what).toThrow(
        expect.objectContaining({ filename: "faktura.jpg", reason: "photoType" }),
      );
    }
  });

  it("drops segments and chunks a viewer does not need: a PNG's private ones, a WebP's unknown ones, comments between scans", async () => {
    const gamma = Buffer.alloc(4);
    gamma.writeUInt32BE(45455, 0);
    const png = blackPng(40, 30, [pngChunk("gAMA", gamma), pngChunk("bKGD", Buffer.alloc(2)), pngChunk("prVt", HTML)]);
    const strippedPng = stripMetadata(png, "image/png");
    expect(pngTypes(strippedPng)).toEqual(["IHDR", "gAMA", "IDAT", "IEND"]);
    expect(await pixels(strippedPng)).toBe(await pixels(png));

    const webp = await exifWebp();
    const unknown = riff([...webpTypes(webp).map((_, index) => chunkAt(webp, index)), webpChunk("ZIPZ", HTML)]);
    const strippedWebp = stripMetadata(unknown, "image/webp");
    expect(webpTypes(strippedWebp)).toEqual(["VP8X", "VP8 "]);
    expect(await pixels(strippedWebp)).toBe(await pixels(webp));

    const progressive = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3070a0" } })
      .jpeg({ progressive: true })
      .toBuffer();
    const secondScan = progressive.indexOf(Buffer.from([0xff, 0xda]), progressive.indexOf(Buffer.from([0xff, 0xda])) + 2);
    const segment = (/** @type {number} */ marker, /** @type {Buffer} */ data) =>
      Buffer.concat([Buffer.from([0xff, marker, 0, 2 + data.length]), data]);
    const zip = Buffer.from("PK\x03\x04 a zip");
    const commented = Buffer.concat([
      progressive.subarray(0, 2),
      segment(0xf0, zip), // JPG0, an extension no viewer reads
      progressive.subarray(2, secondScan),
      segment(0xfe, HTML), // a comment between the scans
      progressive.subarray(secondScan),
    ]);
    const strippedJpeg = stripMetadata(commented, "image/jpeg");
    expect(contains(strippedJpeg, "PK")).toBe(false);
    expect(contains(strippedJpeg, "<html>")).toBe(false);
    expect(await pixels(strippedJpeg)).toBe(await pixels(progressive));
  });

  it(`refuses a picture over ${PIXEL_LIMITS.pixels / 1e6} megapixels or ${PIXEL_LIMITS.side} px on a side, read from its header`, async () => {
    const { pixels: most, side } = PIXEL_LIMITS;
    const jpeg = await square("jpeg");
    const progressive = await square("jpeg", { progressive: true });
    const lossy = await square("webp");
    const lossless = await square("webp", { lossless: true });
    /** `webp`'s VP8 or VP8L frame header saying 16384 x 16384 (or as near as VP8's 14 bits go). */
    const webpHuge = (/** @type {Buffer} */ webp) => {
      const out = Buffer.from(webp);
      if (out.toString("latin1", 12, 16) === "VP8L") out.writeUInt32LE((out.readUInt32LE(21) & 0xf0000000) | 0x0fffffff, 21);
      else out.writeUInt32LE(0x3fff3fff, 26);
      return out;
    };
    const canvas = Buffer.from(await exifWebp());
    canvas.writeUIntLE(16383, 24, 3);
    canvas.writeUIntLE(16383, 27, 3);
    const bombs = {
      "a 30000 x 30000 PNG": blackPng(30000, 30000),
      "a JPEG of 65500 x 65500": jpegSized(jpeg, 65500, 65500),
      "a progressive JPEG of 65500 x 65500": jpegSized(progressive, 65500, 65500),
      "a JPEG one pixel over the count": jpegSized(jpeg, side, Math.floor(most / side) + 1),
      "a PNG one pixel over a side": blackPng(side + 1, 1),
      "a lossy WebP of 16383 x 16383": webpHuge(lossy),
      "a lossless WebP of 16384 x 16384": webpHuge(lossless),
      "a WebP whose canvas is 16384 x 16384": canvas,
    };
    for (const [what, bytes] of Object.entries(bombs)) {
      const type = /** @type {any} */ (photoType(bytes));
      const before = Buffer.from(bytes);
      expect(() => stripMetadata(bytes, type), what).toThrow(TooManyPixels);
      expect(() => stripMetadataInPlace(bytes, type), what).toThrow(TooManyPixels);
      expect(before.equals(bytes), `${what} is left as it came`).toBe(true);
      expect(() => checkPhotos([{ field: "photos", filename: "kæmpe.png", bytes }]), what).toThrow(
        expect.objectContaining({ filename: "kæmpe.png", reason: "photoPixels" }),
      );
    }
    // At the limits, and a phone's 50 MP photo as it takes it: accepted.
    expect(() => stripMetadata(jpegSized(jpeg, side, Math.floor(most / side)), "image/jpeg")).not.toThrow();
    expect(() => stripMetadata(blackPng(side, 1), "image/png")).not.toThrow();
    const phone = await sharp({ create: { width: 8160, height: 6120, channels: 3, background: "#607080" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(stripMetadata(phone, "image/jpeg")).metadata()).width).toBe(8160);
  });

  it("shows a photo's name without bidi, invisible or tag characters, so it reads as what it is", async () => {
    expect(displayName("Faktura_\u202efdp.jpg", 1)).toBe("Faktura_fdp.jpg");
    expect(displayName("\u200bta\u2066v\u2069le\u{e0041}\u{e007f}.jpg", 1)).toBe("tavle.jpg");
    expect(displayName("\u202e\u200b", 3)).toBe("billede-3");
    const [photo] = checkPhotos([{ field: "photos", filename: "Faktura_\u202efdp.png", bytes: await textPng() }]);
    expect(photo.filename).toBe("Faktura_fdp.png");
  });
});

/** The `index`th chunk of a WebP, whole. */
function chunkAt(/** @type {Buffer} */ webp, /** @type {number} */ index) {
  let at = 12;
  for (let n = 0; n < index; n++) at += 8 + webp.readUInt32LE(at + 4) + (webp.readUInt32LE(at + 4) % 2);
  const size = webp.readUInt32LE(at + 4);
  return webp.subarray(at, at + 8 + size + (size % 2));
}

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

  it("stops at a part over the count a quote form sends, however small the parts", async () => {
    // Tiny fields within the text limit: each costs a parse, and 280,000 of them cost about a second of CPU.
    const many = new FormData();
    for (let n = 0; n <= MAX_PARTS; n++) many.append(`f${n}`, "x");
    await expect(read(many, 64 * 1024)).rejects.toEqual(new MultipartRefused("tooLarge"));
    const enough = new FormData();
    for (let n = 1; n < MAX_PARTS; n++) enough.append(`f${n}`, "x");
    expect(Object.keys((await read(enough, 64 * 1024)).fields)).toHaveLength(MAX_PARTS - 1);
  });
});
