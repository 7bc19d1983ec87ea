// Reading a quote request sent as multipart/form-data: the plain form's post (no JavaScript, original
// photos) and the widget's post with photos (scaled in the browser). Bounded as it streams in
// (multipart.ts), each chunk held against the instance's room (admission.ts), within its own body
// deadline. The files are checked and stripped once the body has its turn (quote-photos.ts checkPhotos).
import { type Intake, InstanceBusy } from "./admission.ts";
import { BodyTimeout, withinBodyDeadline } from "./http.ts";
import { MultipartRefused, multipartBodyLimit, multipartBoundary, type ReceivedFile, readMultipart } from "./multipart.ts";
import { multipartLimits } from "./quote-photos.ts";

/**
 * The text fields as the handler reads a JSON body (the widget's measured fill time as a number), and
 * the files as received, each chunk held through `intake`. Throws MultipartRefused (a limit, or not
 * multipart), BodyTimeout, or InstanceBusy (no room for it, or it was ended to make room).
 */
export async function readPhotoForm(
  request: Request,
  textBytes: number,
  deadlineMs: number,
  intake: Intake,
): Promise<{ body: Record<string, unknown>; files: ReceivedFile[] }> {
  const limits = multipartLimits(textBytes);
  const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
  if (!boundary || !request.body) throw new MultipartRefused("badRequest");
  // A body that says it is larger than any allowed one is refused before a byte of it is read.
  if (Number(request.headers.get("content-length") ?? "0") > multipartBodyLimit(limits)) throw new MultipartRefused("photosTooLarge");
  const reader = request.body.getReader();
  const cancel = () => reader.cancel().catch(() => {});
  // Ended to make room for an older body: the reading stops at once, and its bytes go with it.
  intake.onEnd(() => void cancel());
  try {
    const { fields, files } = await withinBodyDeadline(
      readMultipart(reader, boundary, limits, (bytes) => intake.hold(bytes)),
      deadlineMs,
      cancel,
    );
    intake.arrived();
    const body: Record<string, unknown> = { ...fields };
    if (fields.elapsedMs !== undefined) body.elapsedMs = Number(fields.elapsedMs);
    return { body, files };
  } catch (error) {
    if (!(error instanceof BodyTimeout)) await cancel();
    throw intake.ended ? new InstanceBusy() : error;
  }
}
