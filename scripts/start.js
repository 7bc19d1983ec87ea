// `npm start`: runs everything on the Supabase CLI's ports with no installed service, building the site
// against the local backend on the way (see dev/local/stack.js). Ctrl-C stops it cleanly.
import { fileURLToPath } from "node:url";
import { buildAgainst } from "../dev/local/build.js";
import { startLocalStack } from "../dev/local/stack.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

const stack = await startLocalStack({
  distDir: `${ROOT}dist/`,
  build: (apiUrl) => buildAgainst(apiUrl, { quiet: false }),
  dataDir: `${ROOT}supabase/.local`,
  // Each save in the CMS is a commit here, and builds the site again (dev/local/publish-on-commit.js).
  cmsRepo: ROOT,
  ports: { site: Number(process.env.PORT ?? 8080) },
  // The functions reread the site's facts within seconds of a build, not the minutes of production.
  functionEnv: { SITE_FACTS_TTL_SECONDS: "5" },
  onPartStopped: (part) => {
    console.error(`${part} stopped: the whole local stack stopped with it`);
    process.exit(1);
  },
}).catch((error) => {
  console.error(error.message);
  process.exit(1);
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
// A failure nothing caught would end Node and leave the Deno functions running without a parent:
// everything is stopped first.
for (const event of ["uncaughtException", "unhandledRejection"]) {
  process.on(event, async (error) => {
    console.error(error);
    await stack.stop();
    process.exit(1);
  });
}
