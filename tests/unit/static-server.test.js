import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { closeServer, listen } from "../../dev/local/servers.js";
import { chooseEncoding, createStaticServer, resolveFile } from "../../dev/static-server.js";
import { parseHeadersFile } from "../../operator/verify-deploy/headers-file.js";

describe("the local static server", () => {
  it("reads the _headers format of static hosts", () => {
    const rules = parseHeadersFile("# comment\n/*\n  X-A: 1\n  X-B: two: three\n/assets/*\n  Cache-Control: immutable\n");
    expect(rules).toEqual([
      { pattern: "/*", headers: { "X-A": "1", "X-B": "two: three" } },
      { pattern: "/assets/*", headers: { "Cache-Control": "immutable" } },
    ]);
  });

  it("maps clean URLs to files and refuses anything outside its folder", async () => {
    const parent = await mkdtemp(join(tmpdir(), "static-server-"));
    const root = join(parent, "dist/");
    await mkdir(join(root, "ydelser"), { recursive: true });
    await writeFile(join(parent, "package.json"), "{}");
    for (const file of ["index.html", "ydelser/private.html", "_headers"]) await writeFile(join(root, file), "");
    try {
      expect(await resolveFile(root, "/")).toBe(`${root}index.html`);
      expect(await resolveFile(root, "/ydelser/private")).toBe(`${root}ydelser/private.html`);
      expect(await resolveFile(root, "/ydelser/private/")).toBeNull();
      expect(await resolveFile(root, "/../package.json")).toBeNull();
      expect(await resolveFile(root, "/%2e%2e/package.json")).toBeNull();
      expect(await resolveFile(root, "/_headers")).toBeNull();
      expect(await resolveFile(root, "/no/such/page")).toBeNull();
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it("picks brotli, then gzip, as the client's Accept-Encoding allows", () => {
    const pick = (header) => chooseEncoding(header)?.name ?? null;
    expect(pick("gzip, deflate, br, zstd")).toBe("br");
    expect(pick("gzip, deflate")).toBe("gzip");
    expect(pick("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(pick("*")).toBe("br");
    expect(pick("identity")).toBeNull();
    expect(pick("gzip;q=0")).toBeNull();
    expect(pick(undefined)).toBeNull();
  });

  it("answers a missing page with a plain 404 when the folder has no not-found page, and keeps serving", async () => {
    const root = await mkdtemp(join(tmpdir(), "static-server-"));
    await writeFile(join(root, "index.html"), "<!doctype html><title>Forside</title>");
    await writeFile(join(root, "_headers"), "");
    const server = await createStaticServer(`${root}/`);
    const base = `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}`;
    try {
      const missing = await fetch(`${base}/favicon.ico`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe("Siden findes ikke.");
      expect((await fetch(`${base}/`)).status).toBe(200);
    } finally {
      await closeServer(server);
      await rm(root, { recursive: true, force: true });
    }
  });
});
