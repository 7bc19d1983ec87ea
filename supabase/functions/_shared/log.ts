// One JSON line per event, never with the customer's name, phone, e-mail or message.
export type LogFields = { event: string; requestId?: string; status?: number; [key: string]: unknown };
export type Logger = (fields: LogFields) => void;

/** Writes a structured log line to stdout (errors to stderr). */
export const log: Logger = (fields) => {
  const line = JSON.stringify({ time: new Date().toISOString(), ...fields });
  if (fields.level === "error") console.error(line);
  else console.log(line);
};
