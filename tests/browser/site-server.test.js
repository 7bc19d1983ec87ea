// `npm run serve` (and the site part of `npm start`): honours PORT and answers like the production host.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_PAGES, requireBuild } from "../support/site.js";

let child;
let base;

beforeAll(async () => {
  requireBuild();
  child = spawn(process.execPath, [fileURLToPath(new URL("../../scripts/serve.js", import.meta.url))], {
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // serve.js prints the address it bound; PORT=0 lets the system choose, so no port is reserved and lost.
  /** @type {string} */
  const line = await new Promise((resolve) => child.stdout?.once("data", (chunk) => resolve(chunk.toString())));
  base = `http://127.0.0.1:${/:(\d+)/.exec(line)?.[1]}`;
});
afterAll(() => child?.kill());

describe("the site server", () => {
  it("serves every route with 200 at its exact path", async () => {
    for (const route of ALL_PAGES) {
      const response = await fetch(base + route, { redirect: "manual" });
      expect(response.status, route).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    }
  });

  it("answers anything else with 404 and the not-found page", async () => {
    const response = await fetch(`${base}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });

  it("redirects trailing slashes and .html to the one canonical address", async () => {
    for (const [from, to] of [
      ["/ydelser/private/", "/ydelser/private"],
      ["/kontakt.html", "/kontakt"],
      ["/index.html", "/"],
    ]) {
      const response = await fetch(base + from, { redirect: "manual" });
      expect(response.status, from).toBe(301);
      expect(response.headers.get("location")).toBe(to);
    }
  });
});
