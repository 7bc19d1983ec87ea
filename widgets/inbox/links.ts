// The one-tap links of a lead's page: call, SMS and e-mail the customer, and find the address on a map.

/** A phone number as a tel:/sms: address: digits and a leading +, nothing else. */
const dialable = (phone: string) => phone.trim().replace(/(?!^\+)[^\d]/g, "");

export const callLink = (phone: string) => `tel:${dialable(phone)}`;
export const smsLink = (phone: string) => `sms:${dialable(phone)}`;

/** An e-mail reply with a Danish subject naming the firm, and the customer greeted by first name. */
export function replyLink(email: string, name: string, brand: string) {
  const first = name.trim().split(/\s+/)[0] ?? "";
  const subject = `Svar på din henvendelse til ${brand}`;
  const body = `Hej ${first}\n\nTak for din henvendelse.\n\n`;
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** An address on a map: a search any phone opens in its maps app. */
export const mapLink = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
