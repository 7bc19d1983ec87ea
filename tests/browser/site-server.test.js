// `npm run serve` (and the site part of `npm start`): honours PORT and answers like the production host.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_PAGES, DIST, requireBuild } from "../support/site.js";

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

  it("sends the build's brotli or gzip file with Content-Encoding and Vary, and the file itself to others", async () => {
    const raw = readFileSync(join(DIST, "index.html"));
    // node:http, not fetch: fetch would decode the body and hide what was on the wire.
    const get = (encoding) =>
      new Promise((resolve, reject) => {
        httpGet(`${base}/`, { headers: encoding ? { "Accept-Encoding": encoding } : {} }, (response) => {
          const chunks = [];
          response
            .on("data", (chunk) => chunks.push(chunk))
            .on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on("error", reject);
      });
    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(raw.length / 3);
    expect(brotliDecompressSync(br.body).equals(raw)).toBe(true);
    const gzip = await get("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(raw)).toBe(true);
    const plain = await get(null);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.equals(raw)).toBe(true);
    expect(new Set([br, gzip, plain].map((response) => response.headers.etag)).size).toBe(3);
  });

  it("revalidates the embed's stable URL: short cache, an ETag, and 304 when it has not changed", async () => {
    const url = `${base}/widgets/quote-form.embed.js`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=600, must-revalidate");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("last-modified")).toBeTruthy();
    const again = await fetch(url, { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await fetch(url, { headers: { "If-None-Match": '"something-else"' } })).status).toBe(200);
  });

  it("never caches a missing file under an immutable rule", async () => {
    const response = await fetch(`${base}/assets/logo.svg`);
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBeNull();
  });
});
