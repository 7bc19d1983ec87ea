// The local servers (the static site of `npm run serve`, the function gateway and the mail inbox of
// `npm start`) answer any request target Node's parser lets through, and keep serving: before, one
// `curl --path-as-is 'http://localhost:8080//a%2fb'` threw in `new URL()` and stopped the whole stack.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGateway } from "../../dev/local/functions.js";
import { startInbox } from "../../dev/local/mail-server.js";
import { closeServer, listen } from "../../dev/local/servers.js";
import { createStaticServer } from "../../dev/static-server.js";

/** The status of one request sent byte for byte, so the target reaches the server as written. */
function rawStatus(port, target) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    let text = "";
    socket.on("data", (chunk) => (text += chunk));
    socket.on("end", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on("error", reject);
  });
}

const MALFORMED = ["http://[::1", "*", "http://a%2fb/"];

let root;
/** @type {{ name: string, port: number, stop: () => Promise<void> }[]} */
const servers = [];
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "malformed-"));
  await writeFile(join(root, "_headers"), "");
  await writeFile(join(root, "404.html"), "<!doctype html><title>Siden findes ikke</title>");
  await writeFile(join(root, "kontakt.html"), "<!doctype html><title>Kontakt</title>");
  const site = await createStaticServer(`${root}/`);
  servers.push({ name: "site", port: await listen(site, 0, "127.0.0.1"), stop: () => closeServer(site) });
  const gateway = await startGateway([], 0);
  servers.push({ name: "gateway", ...gateway });
  const inbox = await startInbox({ dir: root, httpPort: 0 });
  servers.push({ name: "inbox", ...inbox });
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await rm(root, { recursive: true, force: true });
});

describe("the local servers", () => {
  it("answer a target that is not a path with 400, and a double slash as a path, and keep serving", async () => {
    for (const { name, port } of servers) {
      for (const target of MALFORMED) expect(await rawStatus(port, target), `${name} ${target}`).toBe(400);
      expect(await rawStatus(port, "//a%2fb"), `${name} //a%2fb`).not.toBe(400);
      expect([200, 404, 503], name).toContain(await rawStatus(port, "/"));
    }
  });

  it("serve a bad percent-escape as a missing page", async () => {
    const site = servers[0];
    expect(await rawStatus(site.port, "//a%2fb")).toBe(404);
    expect(await rawStatus(site.port, "/%E0%A4%A")).toBe(404);
    expect(await rawStatus(site.port, "/%E0%A4%A.html")).toBe(404);
    expect(await rawStatus(site.port, "/kontakt")).toBe(200);
  });

  it("answer a deleted front page with the not-found page and 404, and keep serving", async () => {
    const response = await fetch(`http://127.0.0.1:${servers[0].port}/`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Siden findes ikke");
    expect((await fetch(`http://127.0.0.1:${servers[0].port}/kontakt`)).status).toBe(200);
  });
});
