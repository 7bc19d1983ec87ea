// A partner's check of its set-up before going live (GET ?check&partner=<id>; the embed sends it when
// the element has the `check` attribute, docs/partners.md): whether the page's origin may send, and
// whether the partner id it names is credited there, as a Danish sentence for the partner's console.
// It reads no body and stores nothing.
import type { createPartnerList } from "../_shared/partners.ts";

type PartnerList = ReturnType<typeof createPartnerList>;
/** Where the partner's developer reads the answer: the console of a page with many scripts. */
const SAYS = "<elektriker-tilbud check>";
export type CheckAnswer = { status: number; body: { code: string; message: string; partner?: string | null } };

/** The answer to a set-up check from `origin` naming `claimed` (the element's partner attribute). */
export async function registrationCheck(partners: PartnerList, origin: string | null, claimed: string | null): Promise<CheckAnswer> {
  if (origin === null || origin === "null")
    return {
      status: 400,
      body: { code: "noOrigin", message: `${SAYS} Send sidens origin i Origin-headeren, fx Origin: https://www.jeres-side.dk` },
    };
  if (!(await partners.origins(origin)).has(origin))
    return {
      status: 403,
      body: {
        code: "notRegistered",
        message: `${SAYS} ${origin} er ikke registreret hos os, så formularen kan ikke sende herfra. Send os præcis denne adresse, så registrerer vi den.`,
      },
    };
  const partner = await partners.verified(claimed, origin);
  const message = partner
    ? `${SAYS} ${origin} er registreret: formularen kan sende herfra, og forespørgslerne krediteres partner-id'et ${partner}.`
    : claimed
      ? `${SAYS} ${origin} er registreret, men partner-id'et ${JSON.stringify(claimed.slice(0, 64))} hører ikke til den: forespørgslerne krediteres ingen partner. Brug det partner-id, I har fået af os.`
      : `${SAYS} ${origin} er registreret: formularen kan sende herfra. Uden partner-attribut krediteres forespørgslerne ingen partner.`;
  return { status: 200, body: { code: "registered", message, partner } };
}
