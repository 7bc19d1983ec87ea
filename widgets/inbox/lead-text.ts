// How a lead's kind and source read in the list and on its page.
import { danishVisit } from "../../supabase/functions/_shared/copenhagen-time.js";
import type { LeadSummary, Source } from "./api.ts";

const KINDS = { quote: "Tilbud", callback: "Ring op", booking: "Besigtigelse" } as const;

/** 'Tilbud', 'Ring op', or 'Besigtigelse tirsdag den 1. december 2026 kl. 09.00–10.00'. */
export function kindText(lead: Pick<LeadSummary, "kind" | "visit">) {
  const kind = KINDS[lead.kind] ?? lead.kind;
  return lead.kind === "booking" && lead.visit ? `${kind} ${danishVisit(lead.visit)}` : kind;
}

/** 'Egen side' (with the page when known), or the partner's name. */
export function sourceText(source: Source) {
  if (source.type === "partner") return source.partner ? `Partner: ${source.partner}` : "Partner";
  return "Egen side";
}
