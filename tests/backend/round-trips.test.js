// Round trips from the function to the database per stored request: on Supabase each
// one the answer waits for is the visitor's wait. Counted at the driver, every statement the handler
// sends: the answer waits for one (submit_quote_request(): locks, replay, rate-limit counts and insert),
// and the e-mail's work runs beside and after it (claim the row, mark it sent, look for undelivered
// requests), which the test shows by holding those statements back until the answer has come. The
// partner list is cached, so a warm request never reads it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres15 } from "../support/databases.js";
import { SITE_URL, startBackend } from "../support/function.js";
import { VALID } from "./function-suite.js";

let backend;
/** @type {string[]} the statements sent, in order, whitespace collapsed */
const statements = [];

/** While set, every statement but the submission waits for this before it is sent. */
let held;

/**
 * Counts `query` when it is executed (awaited), not when it is only built as part of another query, and
 * holds it back while `held` is set unless it is the submission.
 */
const countWhenRun = (query, text) => {
  const then = query?.then?.bind(query);
  if (then)
    // biome-ignore lint/suspicious/noThenProperty: a query is sent when it is awaited, which is what is counted
    query.then = (...callbacks) => {
      const statement = text.replace(/\s+/g, " ").trim();
      statements.push(statement);
      // biome-ignore lint/suspicious/noThenProperty: the driver's own then, put back once counted
      query.then = then;
      if (held && !statement.includes("submit_quote_request")) return held.then(() => then(...callbacks));
      return then(...callbacks);
    };
  return query;
};

/** A tagged template's text with the text of the fragments in it (a function's name chosen by `sql.unsafe()`). */
const templateText = (args) =>
  [args[0].join("$"), ...args.slice(1).map((value) => (Array.isArray(value?.strings) ? value.strings.join("$") : ""))].join(" ");

// Every query the store makes goes through `sql` as a tagged template or `sql.unsafe()`: count those that
// are executed, not the fragments built inside another query.
const counting = (sql) =>
  new Proxy(sql, {
    apply: (target, self, args) =>
      countWhenRun(Reflect.apply(target, self, args), Array.isArray(args[0]) ? templateText(args) : String(args[0])),
    get: (target, name) =>
      name === "unsafe" ? (text, ...rest) => countWhenRun(target.unsafe(text, ...rest), String(text)) : Reflect.get(target, name),
  });

beforeAll(async () => {
  backend = await startBackend(startPostgres15, { wrapSql: counting });
});
afterAll(async () => {
  await backend?.stop();
});

let client = 0;
const post = (email) =>
  fetch(backend.functions.submitUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: SITE_URL, "X-Forwarded-For": `10.9.0.${++client}` },
    body: JSON.stringify({ ...VALID, email, elapsedMs: 60_000 }),
  });

describe("round trips to the database per stored request", () => {
  it("lets the answer wait for one (the submission) and does the e-mail's three beside and after it, once the partner list is cached", async () => {
    expect((await post("opvarmning@example.dk")).status).toBe(200);
    await backend.settled();
    statements.splice(0);

    let release = () => {};
    held = new Promise((resolve) => (release = () => resolve(undefined)));
    // Answered while every other statement is held back; an answer that waited for one would never come.
    let timer;
    const waitedTooLong = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error("the answer waited for a statement besides the submission")), 10_000);
    });
    const response = await Promise.race([post("en-tur@example.dk"), waitedTooLong]).finally(() => clearTimeout(timer));
    expect(response.status).toBe(200);
    release();
    held = undefined;
    await backend.settled();
    console.log(`Statements for one stored request:\n  ${statements.map((text) => text.slice(0, 70)).join("\n  ")}`);
    expect(statements).toHaveLength(4);
    expect(statements.filter((text) => text.includes("submit_quote_request"))).toHaveLength(1);
    expect(await backend.mailbox.all()).toHaveLength(2);
  });
});
