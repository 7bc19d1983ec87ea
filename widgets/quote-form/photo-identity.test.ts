// What an idempotency key stands for: a visitor who swaps a photo after a lost answer sends another
// request, under another key. Before, the key stood for the text fields alone, so the function took the
// new photos for a retry of the old ones and answered "Besked sendt!" while the firm never got them.
import { describe, expect, it } from "vitest";
import { identity } from "./photos.ts";

/** The form the photo module sends: the fields with a fill time, then the photos. */
function withPhotos(elapsedMs: number, ...photos: { name: string; bytes: number }[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ name: "Jens Hansen", message: "Ny eltavle.", elapsedMs })) form.set(name, String(value));
  for (const photo of photos) form.append("photos", new Blob([new Uint8Array(photo.bytes)], { type: "image/jpeg" }), photo.name);
  return form;
}

describe("the photos' part of an attempt's identity", () => {
  it("is the same for the same photos, however long the form took", () => {
    const photo = { name: "tavle.jpg", bytes: 1200 };
    expect(identity(withPhotos(9000, photo))).toBe(identity(withPhotos(15000, photo)));
  });

  it("changes with the photos: another photo, one more, or one less", () => {
    const two = identity(withPhotos(9000, { name: "tavle.jpg", bytes: 1200 }, { name: "maaler.jpg", bytes: 800 }));
    expect(identity(withPhotos(9000, { name: "tavle.jpg", bytes: 1350 }, { name: "maaler.jpg", bytes: 800 }))).not.toBe(two);
    expect(identity(withPhotos(9000, { name: "tavle.jpg", bytes: 1200 }))).not.toBe(two);
    expect(
      identity(withPhotos(9000, { name: "tavle.jpg", bytes: 1200 }, { name: "maaler.jpg", bytes: 800 }, { name: "rum.jpg", bytes: 5 })),
    ).not.toBe(two);
  });
});
