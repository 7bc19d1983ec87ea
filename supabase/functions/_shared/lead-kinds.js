// A lead's kind as the firm reads it: in the inbox's list and on a lead's page, and in `npm run leads`.
// Plain JavaScript, shared by the inbox page and the operator commands (Node).

export const KIND_IN_DANISH = /** @type {Record<string, string>} */ ({ quote: "Tilbud", callback: "Ring op", booking: "Besigtigelse" });
