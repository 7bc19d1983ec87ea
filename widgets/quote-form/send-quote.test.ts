// What an idempotency key stands for: a visitor who swaps a photo after a lost answer sends another
// request, under another key. Before, the key stood for the text fields alone, so the function took the
// new photos for a retry of the old ones and answered "Besked sendt!" while the firm never got them.
import { describe, expect, it } from "vitest";
import { attemptIdentity } from "./send-quote.ts";

const CONTENT = { name: "Jens Hansen", phone: "+45 12 34 56 78", email: "jens@example.dk", location: "Køge", message: "Ny eltavle." };

/** The form the photo module sends: the fields with a fill time, then the photos. */
function withPhotos(elapsedMs: number, ...photos: { name: string; bytes: number }[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...CONTENT, elapsedMs })) form.set(name, String(value));
  for (const photo of photos) form.append("photos", new Blob([new Uint8Array(photo.bytes)], { type: "image/jpeg" }), photo.name);
  return form;
}

describe("an attempt's identity", () => {
  it("is the same for the same content and photos, however long the form took", () => {
    const photo = { name: "tavle.jpg", bytes: 1200 };
    expect(attemptIdentity(CONTENT, withPhotos(9000, photo))).toBe(attemptIdentity(CONTENT, withPhotos(15000, photo)));
    expect(attemptIdentity(CONTENT, { ...CONTENT, elapsedMs: 9000 })).toBe(attemptIdentity(CONTENT, { ...CONTENT, elapsedMs: 15000 }));
  });

  it("changes with the photos: another photo, one more, or none", () => {
    const first = attemptIdentity(CONTENT, withPhotos(9000, { name: "tavle.jpg", bytes: 1200 }));
    expect(attemptIdentity(CONTENT, withPhotos(9000, { name: "tavle.jpg", bytes: 1350 }))).not.toBe(first);
    expect(attemptIdentity(CONTENT, withPhotos(9000, { name: "tavle.jpg", bytes: 1200 }, { name: "maaler.jpg", bytes: 800 }))).not.toBe(
      first,
    );
    expect(attemptIdentity(CONTENT, { ...CONTENT, elapsedMs: 9000 })).not.toBe(first);
  });

  it("changes with the content", () => {
    expect(attemptIdentity({ ...CONTENT, message: "Ny eltavle og HPFI." }, CONTENT)).not.toBe(attemptIdentity(CONTENT, CONTENT));
  });
});
