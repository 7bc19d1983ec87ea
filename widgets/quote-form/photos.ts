// The quote form's photo code, a module of its own that the form loads only when a visitor picks a
// photo (the embed stays one module until then, and this one shares no code with it): each picture is
// drawn at most `longSide` px on its long side and saved as JPEG, which leaves behind everything the
// camera wrote into the file (the GPS position, the camera), and shown as a thumbnail with a button that
// removes it. The photos are kept per file input until the form sends them (formBody) or is cleared.
import { photoType, tooManyPhotos } from "../../supabase/functions/_shared/answer-messages.json";

/** A picked photo, scaled: what is sent, and its thumbnail. */
type PickedPhoto = { name: string; blob: Blob; item: HTMLLIElement; id: number };
/** The photo rules of quote-rules.json, passed in by the form. */
type PhotoRule = { maxFiles: number; longSide: number };

/** JPEG quality: a fuse board's labels stay readable at about a tenth of a phone's original. */
const QUALITY = 0.85;
const picked = new WeakMap<HTMLInputElement, PickedPhoto[]>();
/**
 * The picks of each input still being scaled, one after the other: the form sends once they are done
 * (formBody). A Send pressed while a phone was still scaling its photos once went without them. The input
 * is aria-busy meanwhile, which also tells the form to load this module when it sends.
 */
const scaling = new WeakMap<HTMLInputElement, Promise<void>>();
/** The last photo's number: each picked photo gets its own, whatever its name and size. */
let picks = 0;

/** The side of a thumbnail in CSS pixels (quote-form.css .quote-thumbs). */
const THUMB = 80;

/** `image` drawn at `width` x `height`, or cropped to a square of `width` (a thumbnail). */
function draw(image: ImageBitmap, width: number, height: number, square = false) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const side = Math.min(image.width, image.height);
  const context = canvas.getContext("2d");
  if (square) context?.drawImage(image, (image.width - side) / 2, (image.height - side) / 2, side, side, 0, 0, width, height);
  else context?.drawImage(image, 0, 0, width, height);
  return canvas;
}

/**
 * One picture scaled down and saved as JPEG, with its thumbnail; rejects when the browser cannot read
 * it as an image. Decoded with createImageBitmap and shown on a canvas, never through a blob: URL, which
 * a page's Content-Security-Policy (the site's, or a partner's) may not allow for images.
 */
async function scale(file: File, longSide: number): Promise<{ blob: Blob; thumbnail: HTMLCanvasElement }> {
  // Upright, whatever orientation the camera recorded.
  const image = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const ratio = Math.min(1, longSide / Math.max(image.width, image.height));
    const canvas = draw(image, Math.max(1, Math.round(image.width * ratio)), Math.max(1, Math.round(image.height * ratio)));
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", QUALITY));
    if (!blob) throw new Error("not encoded");
    const scale = Math.ceil(devicePixelRatio || 1);
    return { blob, thumbnail: draw(image, THUMB * scale, THUMB * scale, true) };
  } finally {
    image.close();
  }
}

/** The element after the field's hint with `className`, made on first use. */
function beside<K extends "ul" | "p">(input: HTMLInputElement, tag: K, className: string): HTMLElementTagNameMap[K] {
  const field = input.parentElement as HTMLElement;
  let element = field.querySelector<HTMLElementTagNameMap[K]>(`${tag}.${className}`);
  if (!element) {
    element = document.createElement(tag);
    element.className = className;
    field.append(element);
  }
  return element;
}

/** Shows the Danish problem with the last pick (none: hides it). */
function tell(input: HTMLInputElement, problem?: string) {
  const line = beside(input, "p", "field-error");
  line.setAttribute("role", "alert");
  line.textContent = problem ?? "";
  line.hidden = !problem;
}

/**
 * Adds the input's picked files as scaled photos with thumbnails, after any pick still being scaled;
 * resolves when they are added.
 */
export function pick(input: HTMLInputElement, rule: PhotoRule): Promise<void> {
  const files = [...(input.files ?? [])];
  // The form sends the scaled copies; the same file may be picked again after it was removed.
  input.value = "";
  input.setAttribute("aria-busy", "true");
  const done: Promise<void> = (scaling.get(input) ?? Promise.resolve()).then(() => add(input, files, rule));
  scaling.set(input, done);
  const settled = () => {
    if (scaling.get(input) !== done) return;
    scaling.delete(input);
    input.removeAttribute("aria-busy");
  };
  done.then(settled, settled);
  return done;
}

/**
 * Adds `files` as scaled photos with thumbnails, as many as there is room for, and says in Danish what
 * was left out: a file the browser cannot read as an image (named), or one too many.
 */
async function add(input: HTMLInputElement, files: File[], rule: PhotoRule) {
  const photos = picked.get(input) ?? [];
  picked.set(input, photos);
  const list = beside(input, "ul", "quote-thumbs");
  let problem = files.length > rule.maxFiles - photos.length ? tooManyPhotos : undefined;
  for (const file of files.slice(0, Math.max(0, rule.maxFiles - photos.length))) {
    const name = `${file.name.replace(/\.[^.]*$/, "") || "billede"}.jpg`;
    let scaled: Awaited<ReturnType<typeof scale>>;
    try {
      scaled = await scale(file, rule.longSide);
    } catch {
      problem = photoType.replace("{file}", `Filen »${file.name}«`);
      break;
    }
    const item = document.createElement("li");
    const { blob, thumbnail } = scaled;
    thumbnail.setAttribute("role", "img");
    thumbnail.setAttribute("aria-label", name);
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "Fjern";
    remove.setAttribute("aria-label", `Fjern ${name}`);
    const photo = { name, blob, item, id: ++picks };
    remove.onclick = () => {
      photos.splice(photos.indexOf(photo), 1);
      item.remove();
      input.focus();
    };
    item.append(thumbnail, remove);
    list.append(item);
    photos.push(photo);
  }
  tell(input, problem);
}

/**
 * The request as a form, the fields and then the photos (read by the function as the plain form's); null
 * without photos. Files picked before the form woke up are still in the input: they are scaled first;
 * photos still being scaled are waited for.
 */
export async function formBody(
  fields: Record<string, string | number | undefined>,
  input: HTMLInputElement,
  rule: PhotoRule,
): Promise<FormData | null> {
  if (input.files?.length) pick(input, rule);
  await scaling.get(input);
  const photos = picked.get(input);
  if (!photos?.length) return null;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, String(value));
  for (const photo of photos) form.append("photos", photo.blob, photo.name);
  return form;
}

/**
 * The photos the form sends as an idempotency key sees them: each picked photo by its own number, so the
 * same photos give the same text, and another photo (even one of the same name and size, as a phone
 * names every photo image.jpg), one more or one less, another.
 */
export const identity = (input: HTMLInputElement | null | undefined) =>
  (input &&
    picked
      .get(input)
      ?.map((photo) => photo.id)
      .join()) ||
  "";

/** Forgets the photos once they are sent, with their thumbnails. */
export function clear(input: HTMLInputElement) {
  for (const photo of picked.get(input)?.splice(0) ?? []) photo.item.remove();
  tell(input);
}
