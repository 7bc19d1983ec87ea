// The site as `npm start` runs it, for browser tests that send real quote requests: the widgets and
// pages built against a local backend (into a temporary folder, leaving dist/ alone), and the local
// stack around them (PGlite, the functions under Deno, SMTP that keeps .eml files), all on free ports.
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PostalMime from "postal-mime";
import postgres from "postgres";
import { buildAgainst } from "../../dev/local/build.js";
import { registerPartner } from "./partners-command.js";
import { startLocalStack } from "../../dev/local/stack.js";
import { keepPhotos } from "./site.js";

/** @typedef {Awaited<ReturnType<typeof startLocalSite>>} LocalSite the running local site startLocalSite returns */

/**
 * Builds and starts the local site; returns its URLs, a database client, the mail folder reader and stop.
 * `partners` ({ id, name, origin }) are registered with `npm run partners` before the functions start
 * (they cache the list).
 * @param {{ partners?: { id: string, name: string, origin: string }[] }} [options]
 */
export async function startLocalSite({ partners = [] } = {}) {
  const dir = await mkdtemp(join(tmpdir(), "elektriker-local-site-"));
  const siteDir = join(dir, "dist");
  // The photos are the same for every build (content-hashed); the build keeps img/ instead of redoing them.
  keepPhotos(siteDir);
  /** @type {string[]} everything the functions logged */
  const functionOutput = [];
  // Every server binds port 0 and reports the port it got: no port is reserved and bound later.
  const stack = await startLocalStack({
    distDir: siteDir,
    build: (apiUrl) => buildAgainst(apiUrl, { siteDir, widgetsDir: join(dir, "widgets") }),
    dataDir: join(dir, "local"),
    ports: { site: 0, api: 0, db: 0, smtp: 0, inbox: 0 },
    print: () => {},
    seed: async (_query, databaseUrl) => {
      for (const partner of partners) await registerPartner(databaseUrl, partner);
    },
    // Several requests from one test browser within seconds: the spam rules are tested elsewhere.
    // The browser visits 127.0.0.1, so the no-JavaScript form's redirect must come back there (form-action 'self').
    functionEnv: ({ sitePort }) => ({
      RATE_LIMIT_PER_CLIENT: "1000",
      RATE_LIMIT_PER_EMAIL: "1000",
      RATE_LIMIT_PER_EMAIL_TOTAL: "1000",
      RATE_LIMIT_PER_PHONE_TOTAL: "1000",
      SITE_URL: `http://127.0.0.1:${sitePort}`,
    }),
    onFunctionOutput: (_name, text) => functionOutput.push(text),
  });
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  const mailDir = join(dir, "local", "mail");
  return {
    base: `http://127.0.0.1:${stack.ports.site}`,
    apiUrl: stack.apiUrl,
    databaseUrl: stack.databaseUrl,
    sql,
    functionOutput,
    /** Every e-mail the firm has received so far, parsed. */
    async mails() {
      const files = (await readdir(mailDir).catch(() => [])).filter((name) => name.endsWith(".eml")).sort();
      return Promise.all(files.map(async (name) => PostalMime.parse(await readFile(join(mailDir, name)))));
    },
    async stop() {
      await sql.end({ timeout: 1 }).catch(() => {});
      await stack.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
