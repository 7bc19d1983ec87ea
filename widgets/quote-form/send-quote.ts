// Sends a quote request with the functions client of supabase-js (@supabase/functions-js: the same
// call and headers, 1.5 kB instead of 59 kB). Network failures are retried with backoff under one
// idempotency key, so a retry can never create a second request.
import { FunctionsClient, FunctionsFetchError, FunctionsHttpError, type FunctionRegion } from "@supabase/functions-js";
import type { FieldErrors } from "#quote-rules";
import { RETRY, backoffDelay } from "../shared/backoff.ts";

export type Backend = { url: string; anonKey: string; functionName: string; region?: string };
export type QuoteBody = Record<string, string | number | undefined>;
/** The fields as JSON, or with photos as a form (photos.ts): the function answers both in JSON. */
type Payload = QuoteBody | FormData;
export type SendResult =
  | { ok: true; id: string }
  | { ok: false; status?: number; fieldErrors?: FieldErrors; message?: string; requestId?: string };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Invokes the backend function; retries only when the request never got an answer. */
export async function sendQuote(
  backend: Backend,
  body: Payload,
  idempotencyKey: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SendResult> {
  const client = new FunctionsClient(`${backend.url}/functions/v1`, {
    headers: { Authorization: `Bearer ${backend.anonKey}`, apikey: backend.anonKey },
    // Sent as the x-region header and the forceFunctionRegion query parameter (shared/site-facts.ts).
    region: backend.region as FunctionRegion | undefined,
  });
  for (let retry = 0; ; retry++) {
    const { data, error } = await client.invoke(backend.functionName, {
      body,
      headers: { "Idempotency-Key": idempotencyKey, Accept: "application/json" },
      signal,
    });
    if (!error) return { ok: true, id: (data as { id: string }).id };
    if (error instanceof FunctionsHttpError) {
      // The server answered: its Danish field messages go back onto the fields.
      const response = error.context as Response;
      const payload = (await response.json().catch(() => ({}))) as { error?: string; fieldErrors?: FieldErrors; requestId?: string };
      return { ok: false, status: response.status, fieldErrors: payload.fieldErrors, message: payload.error, requestId: payload.requestId };
    }
    // Offline as far as the browser knows: no use waiting out the retries (the form keeps the request).
    if (error instanceof FunctionsFetchError && retry < RETRY.attempts && !signal?.aborted && globalThis.navigator?.onLine !== false) {
      await wait(backoffDelay(retry + 1));
      continue;
    }
    return { ok: false };
  }
}
