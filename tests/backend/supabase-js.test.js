// The old site called the function through the full @supabase/supabase-js client; the widgets now use
// its functions client alone (@supabase/functions-js). This proves the function answers both the same
// way, through the real function under Deno, with a real database and SMTP server.
import { createClient } from "@supabase/supabase-js";
import { FunctionsClient, FunctionsHttpError } from "@supabase/functions-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startPostgres15 } from "../support/databases.js";
import { startBackend } from "../support/function.js";

const ANON_KEY = "eksempel-offentlig-anon-noegle";
const request = (email) => ({
  name: "Jens Hansen",
  phone: "12345678",
  email,
  location: "Køge",
  message: "Ny eltavle i villa fra 1972",
  elapsedMs: 60_000,
});
let backend;
let projectUrl;

beforeAll(async () => {
  backend = await startBackend(startPostgres15);
  // The function answers on any path, so its origin stands in for the project URL (…/functions/v1/<name>).
  projectUrl = new URL(backend.functions.submitUrl).origin;
});
afterAll(() => backend?.stop());

const clients = {
  "@supabase/supabase-js": () =>
    createClient(projectUrl, ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no global WebSocket; the realtime client wants one even when nothing subscribes.
      realtime: { transport: /** @type {any} */ (WebSocket) },
    }).functions,
  "@supabase/functions-js": () =>
    new FunctionsClient(`${projectUrl}/functions/v1`, { headers: { Authorization: `Bearer ${ANON_KEY}`, apikey: ANON_KEY } }),
};

describe("send-contact-email called by the Supabase clients", () => {
  for (const [name, client] of Object.entries(clients)) {
    it(`stores and e-mails a request sent with ${name}, answering its id`, async () => {
      const email = `${name.replace(/\W/g, "")}@example.dk`;
      const { data, error } = await client().invoke("send-contact-email", { body: request(email) });
      expect(error).toBeNull();
      const rows = await backend.sql`select id from quote_requests where email = ${email}`;
      expect(rows).toEqual([{ id: data.id }]);
      await expect.poll(async () => (await backend.mailbox.all()).some((mail) => mail.parsed.text.includes(email))).toBe(true);
    });

    it(`answers ${name} with the Danish field messages in the error's context on a 400`, async () => {
      const { data, error } = await client().invoke("send-contact-email", {
        body: { ...request("x@example.dk"), name: "J", email: "jens@" },
      });
      expect(data).toBeNull();
      expect(error).toBeInstanceOf(FunctionsHttpError);
      expect(error.context.status).toBe(400);
      const body = await error.context.json();
      expect(body.fieldErrors).toEqual({ name: ["Navn skal være mindst 2 tegn"], email: ["Indtast en gyldig e-mailadresse"] });
    });
  }
});
