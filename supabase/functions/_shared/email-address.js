// The one form of an e-mail address that is stored, counted, mailed and erased. Plain JavaScript so
// that the function (Deno, through quote-checks.ts) and the operator scripts (Node: the GDPR access and
// erasure of scripts/forget-requester.js) make the same form of an address.

// What a domain name may not contain before it is converted to its ASCII (punycode) form.
const NOT_IN_DOMAIN = /[\s/\\:?#[\]@%]/;

/**
 * The domain in its ASCII (punycode) form, lower case, as mail servers see it; null when it is none.
 * @param {string} domain
 * @returns {string | null}
 */
export function asciiDomain(domain) {
  if (domain === "" || NOT_IN_DOMAIN.test(domain)) return null;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

/**
 * The one form of an address that is stored, counted, mailed and erased: NFKC (as normalizeEmail
 * already made it), the domain in lower-case ASCII. The local part keeps its case;
 * counting and erasure compare it without regard to case. A value that is no address comes back as it was.
 * @param {string} value
 * @returns {string}
 */
export function canonicalEmail(value) {
  const at = value.lastIndexOf("@");
  const ascii = at < 1 ? null : asciiDomain(value.slice(at + 1));
  return ascii === null ? value : `${value.slice(0, at)}@${ascii}`;
}

/**
 * An address as the rules see it (quote-checks.ts normalizeValue): NFKC, so that full-width letters and
 * other compatibility spellings of it are the one address they stand for, then trimmed.
 * @param {string} value
 */
export const normalizeEmail = (value) => value.normalize("NFKC").trim();

/**
 * An address as an operator types it (a GDPR request by mail, a phone call), in the form the function
 * stores it.
 * @param {string} typed
 */
export const storedEmailForm = (typed) => canonicalEmail(normalizeEmail(typed));
