// `npm start`: builds the site against the local backend, then runs everything on the Supabase CLI's
// ports with no installed service (see scripts/local/stack.js). Ctrl-C stops it cleanly.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startLocalStack } from "./local/stack.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const API_URL = "http://127.0.0.1:54321";

const build = spawnSync(process.execPath, [`${ROOT}node_modules/@11ty/eleventy/cmd.cjs`, "--quiet"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, SITE_BACKEND_URL: API_URL },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const stack = await startLocalStack({
  distDir: `${ROOT}dist/`,
  dataDir: `${ROOT}supabase/.local`,
  ports: { site: Number(process.env.PORT ?? 8080) },
});

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  console.log("stopped");
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
