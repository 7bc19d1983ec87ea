// The local stand-in for Supabase's function gateway: each function's index.ts runs under the real Deno
// runtime (the `deno` npm package), and /functions/v1/<name> on the API port is proxied to it.
import { spawn } from "node:child_process";
import { createServer, request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { closeServer } from "./close-server.js";
import { freePort } from "./free-port.js";

const FUNCTIONS_DIR = fileURLToPath(new URL("../../supabase/functions/", import.meta.url));
// The real Deno binary of the `deno` npm package, run directly (its bin.cjs wrapper would outlive a kill).
const DENO = createRequire(import.meta.url)("deno/install_api.cjs").runInstall();

async function waitForPort(port, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`deno exited with code ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { method: "OPTIONS" });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`deno did not listen on ${port} within ${timeoutMs} ms`);
}

/** Runs one function (supabase/functions/<name>/index.ts) under Deno on a free port. */
export async function runFunction(name, env, { onOutput } = {}) {
  const port = await freePort();
  const child = spawn(
    DENO,
    ["run", "--allow-net", "--allow-env", "--allow-read", "--allow-sys", "--no-prompt", `${FUNCTIONS_DIR}${name}/index.ts`],
    { env: { ...process.env, ...env, PORT: String(port), NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout.on("data", (chunk) => onOutput?.(name, chunk.toString()));
  child.stderr.on("data", (chunk) => onOutput?.(name, chunk.toString()));
  await waitForPort(port, child);
  return {
    name,
    port,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill("SIGKILL"), 3_000);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** Proxies /functions/v1/<name>/… on `port` to the running functions, like Supabase's API gateway. */
export async function startGateway(functions, port = 54321) {
  const byName = new Map(functions.map((fn) => [fn.name, fn]));
  const server = createServer((request, response) => {
    const match = /^\/functions\/v1\/([a-z0-9-]+)(\/.*)?$/.exec(new URL(request.url, "http://localhost").pathname);
    const target = match && byName.get(match[1]);
    if (!target) {
      response.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "Function not found" }));
      return;
    }
    const headers = { ...request.headers, "x-forwarded-for": request.socket.remoteAddress ?? "" };
    const upstream = httpRequest(
      { host: "127.0.0.1", port: target.port, method: request.method, path: request.url.replace("/functions/v1", ""), headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.headersSent || response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { port: server.address().port, stop: () => closeServer(server) };
}
