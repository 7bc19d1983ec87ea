// How a page of the inbox tells a refusal or failure: the backend's Danish sentence shown where the page
// says it (role "alert"); an ended session (401) goes back to sign-in instead.
import { type ReactNode, useState } from "react";
import { InboxError } from "./api.ts";
import { hashOf } from "./routes.ts";

export function useFailure(onSignedOut: (message: string) => void) {
  const [message, setMessage] = useState<string | null>(null);
  const fail = (error: unknown) => {
    if (error instanceof InboxError && error.status === 401) return onSignedOut(error.message);
    setMessage(error instanceof Error ? error.message : String(error));
  };
  /** Runs `action`; its answer, or null once its failure is shown. */
  async function attempt<T>(action: () => Promise<T>): Promise<T | null> {
    setMessage(null);
    try {
      return await action();
    } catch (error) {
      fail(error);
      return null;
    }
  }
  const shown: ReactNode = message && (
    <p className="inbox-error" role="alert">
      {message}
    </p>
  );
  return { fail, attempt, say: setMessage, clear: () => setMessage(null), message, shown };
}

/** The way back to the list, on every page but the list. */
export const BackToList = () => (
  <a href={hashOf({ page: "list" })} className="inbox-back">
    ← Alle henvendelser
  </a>
);
