// One JSON line per event, never with the customer's name, phone, e-mail or message.
export type LogFields = { event: string; requestId?: string; status?: number; [key: string]: unknown };
export type Logger = (fields: LogFields) => void;

/** One log line: the time, then the fields, as JSON. */
export const logLine = (fields: LogFields) => JSON.stringify({ time: new Date().toISOString(), ...fields });

/** Writes a structured log line to stdout (errors to stderr). */
export const log: Logger = (fields) => {
  if (fields.level === "error") console.error(logLine(fields));
  else console.log(logLine(fields));
};
