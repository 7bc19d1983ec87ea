// MAIL_TO takes several addresses, comma-separated: each one is checked at start-up, and every
// request's e-mail is delivered to all of them (the SMTP envelope names each). It once took one address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localFunctionEnv } from "../../dev/local/function-env.js";
import { parseConfig } from "../../supabase/functions/_shared/config.ts";
import { startPostgres15 } from "../support/databases.js";
import { startBackend } from "../support/function.js";

const OFFICE = "kontor@eksempel-el.example";
const MOBILE = "mester@eksempel-el.example";

describe("MAIL_TO with several addresses", () => {
  const env = (/** @type {string} */ mailTo) =>
    localFunctionEnv(
      {
        databaseUrl: "postgres://postgres@127.0.0.1:5432/postgres",
        smtpUrl: "smtps://u:p@mail.example.dk",
        siteUrl: "https://elektriker.example",
      },
      { MAIL_TO: mailTo },
    );

  it("reads each address, spaces around the commas ignored, and refuses a list with one bad address by name", () => {
    expect(parseConfig(env(` ${OFFICE} ,${MOBILE}`)).mailTo).toEqual([OFFICE, MOBILE]);
    expect(parseConfig(env(OFFICE)).mailTo).toEqual([OFFICE]);
    expect(() => parseConfig(env(`${OFFICE}, mester(at)eksempel`))).toThrow(
      /MAIL_TO: must be one e-mail address or several separated by commas/,
    );
    expect(() => parseConfig(env(" , "))).toThrow(/MAIL_TO/);
  });

  /** @type {Awaited<ReturnType<typeof startBackend>>} */
  let backend;
  beforeAll(async () => {
    backend = await startBackend(startPostgres15, { env: { MAIL_TO: `${OFFICE}, ${MOBILE}` }, runtime: "deno" });
  });
  afterAll(async () => {
    await backend?.functions.stop();
    await backend?.sql.end({ timeout: 1 });
    await backend?.mailbox.stop();
    await backend?.database.stop();
  });

  it("delivers the firm's e-mail of a request to both addresses", async () => {
    const response = await fetch(backend.functions.submitUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.7.0.1" },
      body: JSON.stringify({
        name: "Jens Hansen",
        phone: "12345678",
        email: "jens@example.dk",
        location: "Køge",
        message: "Ny eltavle i villa fra 1972",
        elapsedMs: 20_000,
      }),
    });
    expect(response.status).toBe(200);
    await backend.settled();
    const [mail, ...others] = await backend.mailbox.all();
    expect(others).toEqual([]);
    expect(mail.recipients).toEqual([OFFICE, MOBILE]);
    expect(mail.parsed.to?.map((to) => to.address)).toEqual([OFFICE, MOBILE]);
    expect(mail.parsed.subject).toBe("Ny forespørgsel: Køge");
  });
});
