// A strict reader of iCalendar (RFC 5545) for the tests: it refuses what a calendar app might refuse
// (a bare LF, a content line over 75 octets, a line that is no "NAME[;PARAM]:VALUE", components that do
// not nest, a calendar without VERSION:2.0 and PRODID, an event without UID, DTSTAMP and DTSTART, a
// date-time of another form, SEQUENCE that is no number, and, for METHOD:REQUEST and CANCEL, an event
// without ORGANIZER or, for REQUEST, ATTENDEE, as iTIP (RFC 5546) asks), then unfolds and unescapes.

/**
 * @typedef {{ name: string, params: Record<string, string>, value: string }} Property
 * @typedef {{ uid: string, sequence: number, start: Date, end: Date | null, status: string | null,
 *   summary: string, location: string, description: string, properties: Property[] }} ParsedEvent
 */

const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const encoder = new TextEncoder();

/** A UTC date-time value (the only form the project writes). @param {string} value */
function dateTime(value) {
  const match = DATE_TIME.exec(value);
  if (!match) throw new Error(`not a UTC date-time: ${value}`);
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

/** A TEXT value unescaped (RFC 5545 3.3.11). @param {string} value */
const unescapeText = (value) => value.replace(/\\([\\;,nN])/g, (_, char) => (char === "n" || char === "N" ? "\n" : char));

/** @param {string} line */
function property(line) {
  const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^;:,"]*))*):(.*)$/.exec(line);
  if (!match) throw new Error(`not a content line: ${line}`);
  /** @type {Record<string, string>} */
  const params = {};
  for (const [, key, value] of match[2].matchAll(/;([A-Za-z0-9-]+)=("[^"]*"|[^;:,"]*)/g))
    params[key.toUpperCase()] = value.replace(/^"|"$/g, "");
  return { name: match[1].toUpperCase(), params, value: match[3] };
}

/**
 * Parses a calendar object; throws on anything RFC 5545 (and iTIP for METHOD) does not allow.
 * @param {string} text
 */
export function parseICalendar(text) {
  if (/[^\r]\n|^\n/.test(text) || /\r(?!\n)/.test(text)) throw new Error("lines must end with CRLF");
  if (!text.endsWith("\r\n")) throw new Error("the last line must end with CRLF");
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) if (encoder.encode(line).length > 75) throw new Error(`line over 75 octets: ${line}`);
  /** @type {string[]} */
  const lines = [];
  for (const line of physical) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (lines.length === 0) throw new Error("a continuation line first");
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  const props = lines.map(property);
  if (props[0]?.name !== "BEGIN" || props[0].value !== "VCALENDAR") throw new Error("must begin with BEGIN:VCALENDAR");
  if (props.at(-1)?.name !== "END" || props.at(-1)?.value !== "VCALENDAR") throw new Error("must end with END:VCALENDAR");
  /** @type {string[]} */
  const stack = [];
  /** @type {Property[]} */
  const calendar = [];
  /** @type {Property[][]} */
  const events = [];
  for (const prop of props) {
    if (prop.name === "BEGIN") {
      stack.push(prop.value);
      if (prop.value === "VEVENT") events.push([]);
      continue;
    }
    if (prop.name === "END") {
      if (stack.pop() !== prop.value) throw new Error(`END:${prop.value} does not close what is open`);
      continue;
    }
    if (stack.length === 1) calendar.push(prop);
    else if (stack.at(-1) === "VEVENT") events[events.length - 1].push(prop);
  }
  if (stack.length) throw new Error("components left open");
  /** @param {Property[] | undefined} list @param {string} name */
  const one = (list, name) => list?.find((prop) => prop.name === name)?.value;
  if (one(calendar, "VERSION") !== "2.0") throw new Error("VERSION:2.0 missing");
  if (!one(calendar, "PRODID")) throw new Error("PRODID missing");
  const method = one(calendar, "METHOD") ?? null;
  return {
    method,
    name: one(calendar, "X-WR-CALNAME") ?? null,
    /** @type {ParsedEvent[]} */
    events: events.map((list) => {
      for (const name of ["UID", "DTSTAMP", "DTSTART"]) if (!one(list, name)) throw new Error(`an event without ${name}`);
      if ((method === "REQUEST" || method === "CANCEL") && !one(list, "ORGANIZER")) throw new Error(`${method} without ORGANIZER`);
      if (method === "REQUEST" && !one(list, "ATTENDEE")) throw new Error("REQUEST without ATTENDEE");
      const sequence = one(list, "SEQUENCE") ?? "0";
      if (!/^\d+$/.test(sequence)) throw new Error(`SEQUENCE is no number: ${sequence}`);
      dateTime(one(list, "DTSTAMP") ?? "");
      const end = one(list, "DTEND");
      return {
        uid: one(list, "UID") ?? "",
        sequence: Number(sequence),
        start: dateTime(one(list, "DTSTART") ?? ""),
        end: end ? dateTime(end) : null,
        status: one(list, "STATUS") ?? null,
        summary: unescapeText(one(list, "SUMMARY") ?? ""),
        location: unescapeText(one(list, "LOCATION") ?? ""),
        description: unescapeText(one(list, "DESCRIPTION") ?? ""),
        properties: list,
      };
    }),
  };
}
