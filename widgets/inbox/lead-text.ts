// How a lead's kind and source read in the list and on its page.
import { danishVisit } from "../../supabase/functions/_shared/copenhagen-time.js";
import { KIND_IN_DANISH } from "../../supabase/functions/_shared/lead-kinds.js";
import type { LeadSummary, Source } from "./api.ts";

/** 'Tilbud', 'Ring op', or 'Besigtigelse tirsdag den 1. december 2026 kl. 09.00–10.00'. */
export function kindText(lead: Pick<LeadSummary, "kind" | "visit">) {
  const kind = KIND_IN_DANISH[lead.kind] ?? lead.kind;
  return lead.kind === "booking" && lead.visit ? `${kind} ${danishVisit(lead.visit)}` : kind;
}

/** 'Egen side', or the partner's name. */
export function sourceText(source: Source) {
  if (source.type === "partner") return source.partner ? `Partner: ${source.partner}` : "Partner";
  return "Egen side";
}

/** The page a lead was sent from, as its path when it is an address ('/omraader/koge'). */
export function pageText(page: string) {
  try {
    return new URL(page).pathname;
  } catch {
    return page;
  }
}

/** The customer's address as one line: the street, then the postcode and town the street does not already name. */
export function addressText(address: string, postcode: string, town: string) {
  const street = address.trim();
  const named = (part: string) => street.toLowerCase().includes(part.trim().toLowerCase());
  const place = [postcode, town].filter((part) => part.trim() && !named(part)).join(" ");
  return [street, place].filter(Boolean).join(", ");
}
