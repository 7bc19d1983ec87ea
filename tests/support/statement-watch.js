// Watching the statements the function's store sends, at the driver: for startBackend's `wrapSql`.
// A test sees each statement when it is executed (awaited), not when it is only built as part of another
// query, may hold it back, and sees when its answer came, so it can say what an answer waited for.

/** A tagged template's text with the text of the fragments in it (a function's name chosen by `sql.unsafe()`). */
const templateText = (/** @type {any[]} */ args) =>
  [args[0].join("$"), ...args.slice(1).map((value) => (Array.isArray(value?.strings) ? value.strings.join("$") : ""))].join(" ");

/**
 * @typedef {{ text: string, done: boolean }} Statement one executed statement, whitespace collapsed;
 *   `done` once its answer (or error) has come back from the database
 */

/**
 * A `wrapSql` for startBackend, and the statements it has seen.
 * @param {{ hold?: (statement: Statement) => Promise<unknown> | undefined }} [options] `hold` may return a
 *   promise the statement waits for before it is sent
 */
export function watchStatements({ hold = () => undefined } = {}) {
  /** @type {Statement[]} */
  const statements = [];
  const whenRun = (/** @type {any} */ query, /** @type {string} */ text) => {
    const then = query?.then?.bind(query);
    if (then)
      // biome-ignore lint/suspicious/noThenProperty: a query is sent when it is awaited, which is what is watched
      query.then = (/** @type {[any, any]} */ ...callbacks) => {
        /** @type {Statement} */
        const statement = { text: text.replace(/\s+/g, " ").trim(), done: false };
        statements.push(statement);
        // biome-ignore lint/suspicious/noThenProperty: the driver's own then, put back once watched
        query.then = then;
        const finish = () => {
          statement.done = true;
        };
        const held = hold(statement);
        const sent = held ? held.then(() => new Promise(then)) : new Promise(then);
        return sent.finally(finish).then(...callbacks);
      };
    return query;
  };
  /** @param {import("postgres").Sql} sql */
  const wrapSql = (sql) =>
    new Proxy(sql, {
      apply: (target, self, args) =>
        whenRun(Reflect.apply(target, self, args), Array.isArray(args[0]) ? templateText(args) : String(args[0])),
      get: (target, name) =>
        name === "unsafe"
          ? (/** @type {string} */ text, /** @type {any[]} */ ...rest) => whenRun(target.unsafe(text, ...rest), String(text))
          : Reflect.get(target, name),
    });
  return {
    statements,
    wrapSql,
    /** The statements whose text includes `part` that were sent and have had no answer yet. */
    outstanding: (/** @type {string} */ part) => statements.filter((statement) => !statement.done && statement.text.includes(part)),
  };
}
