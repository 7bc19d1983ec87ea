// A database that is there but has no connection left (SQLSTATE 53300) is, for the visitor, a database
// that cannot be reached: 503 with the phone number, never 500 (issue 10). Making a real PostgreSQL run
// out of connections would need a cluster of its own; the store here fails exactly as the driver does.
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../supabase/functions/_shared/config.ts";
import { createHandler } from "../../supabase/functions/send-contact-email/handler.ts";
import { functionEnv, PHONE } from "../support/function.js";

const tooManyConnections = Object.assign(new Error("sorry, too many clients already"), { code: "53300" });
const store = {
  partners: async () => [],
  takeUnalerted: async () => [],
  submit: async () => Promise.reject(tooManyConnections),
};

describe("send-contact-email when the database is full", () => {
  it("answers 503 with the phone number", async () => {
    const config = parseConfig(functionEnv({ url: "postgres://localhost/x", poolMax: 1 }, "smtp://127.0.0.1:25"));
    const handle = createHandler({ config, store: /** @type {any} */ (store), mailer: { send: async () => {} }, log: () => {} });
    const response = await handle(
      new Request("http://localhost/send-contact-email", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: "Jens Hansen",
          phone: "12345678",
          email: "jens@example.dk",
          location: "Køge",
          message: "Ny eltavle i villa fra 1972",
          elapsedMs: 60_000,
        }),
      }),
    );
    expect(response.status).toBe(503);
    expect((await response.json()).error).toContain(PHONE);
  });
});
