// The local stand-in for Supabase's gateway (dev/local/functions.js) forwards like a real proxy: it
// appends the address it saw to X-Forwarded-For instead of replacing what came before, so
// requests through `npm start` can be told apart the way production tells them apart.
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGateway } from "../../dev/local/functions.js";
import { closeServer, listen } from "../../dev/local/servers.js";

let echo;
let gateway;
beforeAll(async () => {
  const server = createServer((request, response) => response.end(request.headers["x-forwarded-for"] ?? ""));
  echo = { port: await listen(server, 0, "127.0.0.1"), stop: () => closeServer(server) };
  gateway = await startGateway([{ name: "echo", port: echo.port, stop: async () => {} }], 0);
});
afterAll(async () => {
  await gateway?.stop();
  await echo?.stop();
});

describe("the local gateway", () => {
  it("appends the address it saw to X-Forwarded-For", async () => {
    const seen = (headers) =>
      fetch(`http://127.0.0.1:${gateway.port}/functions/v1/echo`, { method: "POST", headers }).then((response) => response.text());
    expect(await seen({})).toBe("127.0.0.1");
    expect(await seen({ "X-Forwarded-For": "198.51.100.7" })).toBe("198.51.100.7, 127.0.0.1");
  });
});
