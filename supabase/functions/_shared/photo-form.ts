// Reading a quote request sent as multipart/form-data: the plain form's post (no JavaScript, original
// photos) and the widget's post with photos (scaled in the browser). Bounded as it streams in
// (multipart.ts), within its own body deadline, then each photo checked and stripped (quote-photos.ts).
import { BodyTimeout, withinBodyDeadline } from "./http.ts";
import { MultipartRefused, multipartBodyLimit, multipartBoundary, readMultipart } from "./multipart.ts";
import { checkPhotos, multipartLimits, type Photo } from "./quote-photos.ts";

/**
 * The text fields as the handler reads a JSON body (the widget's measured fill time as a number), and
 * the photos. Throws MultipartRefused (a limit, or not multipart), NotAnImage or BodyTimeout.
 */
export async function readPhotoForm(
  request: Request,
  textBytes: number,
  deadlineMs: number,
): Promise<{ body: Record<string, unknown>; photos: Photo[] }> {
  const limits = multipartLimits(textBytes);
  const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
  if (!boundary || !request.body) throw new MultipartRefused("badRequest");
  // A body that says it is larger than any allowed one is refused before a byte of it is read.
  if (Number(request.headers.get("content-length") ?? "0") > multipartBodyLimit(limits)) throw new MultipartRefused("photosTooLarge");
  const reader = request.body.getReader();
  const cancel = () => reader.cancel().catch(() => {});
  try {
    const { fields, files } = await withinBodyDeadline(readMultipart(reader, boundary, limits), deadlineMs, cancel);
    const body: Record<string, unknown> = { ...fields };
    if (fields.elapsedMs !== undefined) body.elapsedMs = Number(fields.elapsedMs);
    return { body, photos: checkPhotos(files) };
  } catch (error) {
    if (!(error instanceof BodyTimeout)) await cancel();
    throw error;
  }
}
