// The CMS's local backend: decap-server (https://decapcms.org/docs/decap-proxy/) in MODE=git, so a save
// in the CMS at /admin is a commit in the repository. It binds 127.0.0.1 only, and answers only the
// local origins its CORS rule allows (localhost and 127.0.0.1).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const SERVER = fileURLToPath(new URL("../../node_modules/decap-server/dist/index.js", import.meta.url));

/**
 * Starts decap-server on `port` over the git repository `repoDir`; resolves once it serves the
 * repository (its "configured with" and "listening" lines), rejects if it exits first.
 * @param {{ repoDir: string, port: number, onOutput?: (text: string) => void }} options
 */
export function startCmsBackend({ repoDir, port, onOutput = () => {} }) {
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, MODE: "git", GIT_REPO_DIRECTORY: repoDir, PORT: String(port), BIND_HOST: "127.0.0.1", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  /** @returns {Promise<void>} */
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (/** @type {Buffer} */ chunk) => {
      seen += chunk.toString();
      onOutput(chunk.toString());
      if (/Git Proxy Server configured with/.test(seen) && /listening on/.test(seen)) {
        child.off("exit", onExit);
        resolve({ url: `http://127.0.0.1:${port}/api/v1`, pid: child.pid, stop });
      }
    };
    const onExit = (/** @type {number} */ code) => reject(new Error(`decap-server exited with code ${code}\n${seen}`));
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", onExit);
  });
}
