// The local stand-in for Supabase's function gateway: each function's index.ts runs under the real Deno
// runtime (the `deno` npm package), and /functions/v1/<name> on the API port is proxied to it.
// A function runs from its own folder, as `supabase functions deploy` bundles it: its own deno.json
// (npm: specifiers, no node_modules) and its own deno.lock, which must match (--frozen).
import { spawn } from "node:child_process";
import { createServer, request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { requestUrl } from "./request-target.js";
import { closeServer, listen } from "./servers.js";

/** The repository's supabase/functions/ folder. */
export const FUNCTIONS_DIR = fileURLToPath(new URL("../../supabase/functions/", import.meta.url));
/** The real Deno binary of the `deno` npm package, run directly (its bin.cjs wrapper would outlive a kill). */
export const DENO = createRequire(import.meta.url)("deno/install_api.cjs").runInstall();

/** @typedef {{ name: string, port: number, pid?: number, exited?: Promise<unknown>, stop: () => Promise<void> }} LocalFunction */

/**
 * Resolves with the port from the function's `{"event":"listening","port"}` log line; rejects with its output if it exits.
 * @param {import("node:child_process").ChildProcessByStdio<null, import("node:stream").Readable, import("node:stream").Readable>} child
 * @returns {Promise<number>}
 */
function listeningPort(child, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    let seen = "";
    let errors = "";
    const timer = setTimeout(() => done(new Error(`deno did not start listening within ${timeoutMs} ms`)), timeoutMs);
    const onData = (/** @type {Buffer} */ chunk) => {
      seen += chunk.toString();
      const match = /"event":"listening","port":(\d+)/.exec(seen);
      if (match) done(null, Number(match[1]));
    };
    const onError = (/** @type {Buffer} */ chunk) => {
      errors += chunk.toString();
    };
    const onExit = (/** @type {number | null} */ code) => done(new Error(`deno exited with code ${code}\n${seen}${errors}`));
    /**
     * @param {Error | null} error
     * @param {number} [port]
     */
    function done(error, port) {
      clearTimeout(timer);
      child.stdout.off("data", onData);
      child.stderr.off("data", onError);
      child.off("close", onExit);
      if (error) reject(error);
      else resolve(/** @type {number} */ (port));
    }
    child.stdout.on("data", onData);
    child.stderr.on("data", onError);
    child.once("close", onExit);
  });
}

/**
 * Runs one function (<functionsDir>/<name>/index.ts) under Deno on a free port it picks itself, from
 * the function's own folder with its own deno.json and deno.lock, as the platform runs it.
 * @param {string} name
 * @param {Record<string, string>} env
 * @param {{ onOutput?: (name: string, text: string) => void, functionsDir?: string }} [options]
 *   functionsDir: another copy of supabase/functions/ (the deploy-shape test runs one copied alone)
 * @returns {Promise<LocalFunction>}
 */
export async function runFunction(name, env, { onOutput, functionsDir = FUNCTIONS_DIR } = {}) {
  const child = spawn(
    DENO,
    ["run", "--frozen", "--config=deno.json", "--allow-net", "--allow-env", "--allow-read", "--allow-sys", "--no-prompt", "index.ts"],
    { cwd: join(functionsDir, name), env: { ...process.env, ...env, PORT: "0", NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout.on("data", (chunk) => onOutput?.(name, chunk.toString()));
  child.stderr.on("data", (chunk) => onOutput?.(name, chunk.toString()));
  /** @returns {Promise<void>} */
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill("SIGKILL"), 3_000);
      child.once("exit", () => {
        clearTimeout(force);
        resolve();
      });
      child.kill("SIGTERM");
    });
  try {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    return { name, port: await listeningPort(child), pid: child.pid, exited, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** @typedef {{ handle: (request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse, url: URL) => unknown }} AuthService */

/**
 * Proxies /functions/v1/<name>/… on `port` to the running functions, like Supabase's API gateway, and
 * serves /auth/v1/… by the stand-in of Supabase Auth (./auth-stand-in.js) once `attachAuth` gives it.
 * It can listen before the functions run (the site is built against its address first); `attach(fns)`
 * adds them, and until then every function answers 503.
 * @param {LocalFunction[]} [functions]
 * @param {number} [port]
 */
export async function startGateway(functions = [], port = 54321) {
  const byName = new Map(functions.map((fn) => [fn.name, fn]));
  let attached = functions.length > 0;
  /** @type {AuthService | null} */
  let auth = null;
  const server = createServer((request, response) => {
    const url = requestUrl(request);
    if (!url) {
      response.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "Malformed request target" }));
      return;
    }
    if (url.pathname.startsWith("/auth/v1/")) {
      if (auth) auth.handle(request, response, url);
      else response.writeHead(503, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "Auth is starting" }));
      return;
    }
    const match = /^\/functions\/v1\/([a-z0-9-]+)(\/.*)?$/.exec(url.pathname);
    const target = match && byName.get(match[1]);
    if (!attached) {
      response.writeHead(503, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "Functions are starting" }));
      return;
    }
    if (!target) {
      response.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "Function not found" }));
      return;
    }
    // Like a real proxy, append the address it saw to whatever X-Forwarded-For the client sent.
    const forwarded = [request.headers["x-forwarded-for"], request.socket.remoteAddress].filter(Boolean).join(", ");
    const headers = { ...request.headers, "x-forwarded-for": forwarded };
    const upstream = httpRequest(
      { host: "127.0.0.1", port: target.port, method: request.method, path: (request.url ?? "/").replace("/functions/v1", ""), headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.headersSent || response.writeHead(502).end());
    request.pipe(upstream);
  });
  const boundPort = await listen(server, port, "127.0.0.1");
  return {
    port: boundPort,
    /** @param {LocalFunction[]} more */
    attach(more) {
      for (const fn of more) byName.set(fn.name, fn);
      attached = true;
    },
    /** @param {AuthService} service */
    attachAuth(service) {
      auth = service;
    },
    stop: () => closeServer(server),
  };
}
