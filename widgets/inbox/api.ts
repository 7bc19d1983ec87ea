// The inbox's one door to its data: the backend's `inbox` function (POST {url}/functions/v1/inbox with
// `{ action, ...params }`, the member's access token and the anon key), as supabase-js's
// `functions.invoke` would send it. Plain fetch rather than invoke: `photo` answers with the image's own
// type, which invoke would read as text, and every refusal's Danish sentence is read the same way here.
import type { LeadState } from "./lead-states.ts";

export type Source = { type: "site" | "partner"; partner?: string; page?: string };
export type LeadSummary = {
  id: string;
  created_at: string;
  updated_at: string;
  kind: "quote" | "callback" | "booking";
  name: string;
  town: string;
  about: string;
  source: Source;
  state: LeadState;
  visit?: { start: string; end: string };
};
export type Lead = LeadSummary & {
  phone: string;
  email: string;
  address: string;
  postcode: string;
  description: string;
  service: string;
  preferred?: string;
  when?: string;
  photos: { index: number; name: string; type: string; size: number }[];
  history: { at: string; by: string; state: LeadState; reason?: string }[];
  notes: { at: string; by: string; text: string }[];
};
export type Role = "ejer" | "medarbejder";
export type Member = { id: string; email: string; role: Role; added_at: string };
export type Statement = {
  month: string;
  rows: { partner: string | null; page: string | null; leads: number; won: number; lost: number }[];
  totals: { leads: number; won: number; lost: number };
  csv: string;
};

/** What each action takes and answers (the backend's contract). */
export type Actions = {
  me: [Record<string, never>, { user: { id: string; email: string }; role: Role }];
  leads: [{ view?: "open" | "all"; q?: string; since?: string }, { leads: LeadSummary[]; now: string }];
  lead: [{ id: string }, { lead: Lead }];
  move: [{ id: string; state: LeadState; reason?: string }, { lead: Lead }];
  note: [{ id: string; text: string }, { lead: Lead }];
  statement: [{ month: string }, Statement];
  customer: [{ email?: string; phone?: string }, { requests: number; letter: string }];
  erase: [{ email?: string; phone?: string; confirm: string }, { erased: number; reminder: string }];
  team: [Record<string, never>, { members: Member[] }];
  team_add: [{ email: string; role: Role }, { members: Member[] }];
  team_remove: [{ id: string }, { members: Member[] }];
  push_key: [Record<string, never>, { publicKey: string }];
  push_subscribe: [{ subscription: unknown }, Record<string, never>];
  push_unsubscribe: [{ endpoint: string }, Record<string, never>];
};

/** A refusal or failure, with the Danish sentence the owner reads and the status it came with (0: no answer). */
export class InboxError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const OFFLINE_MESSAGE = "Ingen forbindelse. Tjek dit net, og prøv igen.";
export const FAILED_MESSAGE = "Noget gik galt. Prøv igen om lidt.";

export type InboxApi = {
  call<A extends keyof Actions>(action: A, params?: Actions[A][0]): Promise<Actions[A][1]>;
  photo(id: string, index: number): Promise<Blob>;
};

/**
 * The API for one backend. `token` gives the current access token (supabase-js refreshes it), or null
 * when no one is signed in.
 */
export function inboxApi(backendUrl: string, anonKey: string, token: () => Promise<string | null>, fetcher = fetch): InboxApi {
  async function post(body: Record<string, unknown>) {
    const access = await token();
    if (!access) throw new InboxError("Du er ikke logget ind, eller din session er udløbet. Log ind igen.", 401);
    let response: Response;
    try {
      response = await fetcher(`${backendUrl}/functions/v1/inbox`, {
        method: "POST",
        headers: { Authorization: `Bearer ${access}`, apikey: anonKey, "Content-Type": "application/json" },
        body: JSON.stringify(body),
        cache: "no-store",
      });
    } catch {
      throw new InboxError(OFFLINE_MESSAGE, 0);
    }
    if (!response.ok) {
      const answer = await response.json().catch(() => null);
      throw new InboxError(typeof answer?.error === "string" ? answer.error : FAILED_MESSAGE, response.status);
    }
    return response;
  }
  return {
    async call(action, params) {
      return (await post({ ...params, action })).json();
    },
    async photo(id, index) {
      return (await post({ action: "photo", id, index })).blob();
    },
  };
}
