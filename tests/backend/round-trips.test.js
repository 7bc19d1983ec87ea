// Round trips from the function to the database per stored request: on Supabase each
// one the answer waits for is the visitor's wait. Counted at the driver, every statement the handler
// sends: the answer waits for one (submit_quote_request(): locks, replay, rate-limit counts and insert),
// and the e-mail's work runs beside and after it (claim the row, mark it sent, look for undelivered
// requests), which the test shows by holding those statements back until the answer has come. The
// partner list is cached, so a warm request never reads it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres15 } from "../support/databases.js";
import { SITE_URL, startBackend } from "../support/function.js";
import { watchStatements } from "../support/statement-watch.js";
import { VALID } from "./function-suite.js";

let backend;

/** While set, every statement but the submission waits for this before it is sent. */
let held;
const watch = watchStatements({ hold: ({ text }) => (held && !text.includes("submit_quote_request") ? held : undefined) });
/** The statements sent, in order. */
const statements = () => watch.statements.map(({ text }) => text);

beforeAll(async () => {
  backend = await startBackend(startPostgres15, { wrapSql: watch.wrapSql });
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
    watch.statements.splice(0);

    let release = () => {};
    held = new Promise((resolve) => (release = () => resolve(undefined)));
    // Answered while every other statement is held back: an answer that waited for one would come only
    // at the function's own deadline, as a 503 with the phone number.
    const response = await post("en-tur@example.dk");
    expect(response.status).toBe(200);
    release();
    held = undefined;
    await backend.settled();
    console.log(
      `Statements for one stored request:\n  ${statements()
        .map((text) => text.slice(0, 70))
        .join("\n  ")}`,
    );
    expect(statements()).toHaveLength(4);
    expect(statements().filter((text) => text.includes("submit_quote_request"))).toHaveLength(1);
    expect(await backend.mailbox.all()).toHaveLength(2);
  });
});
