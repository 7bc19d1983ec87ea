// The whole local stack behind `npm start`, on the Supabase CLI's ports by default: PGlite, the mail
// catcher and its inbox, the stand-in of the SMS provider (its SMS in the same inbox), the functions
// under Deno behind a gateway with the stand-in of Supabase Auth, the retry schedule and the site.
import { createStaticServer } from "../static-server.js";
import { createAuthStandIn } from "./auth-stand-in.js";
import { startCmsBackend } from "./cms-backend.js";
import { publishOnCommit } from "./publish-on-commit.js";
import { startDatabase } from "./database.js";
import { localFunctionEnv } from "./function-env.js";
import { startInbox, startSmtp } from "./mail-server.js";
import { runFunction, startGateway } from "./functions.js";
import { closeServer, listen } from "./servers.js";
import { startPushStandIn } from "./push-stand-in.js";
import { startSmsStandIn } from "./sms-stand-in.js";

export const FUNCTIONS = ["send-contact-email", "retry-quote-emails", "inbox"];

/**
 * @typedef {object} StackOptions
 * @property {string} distDir the built site to serve
 * @property {(apiUrl: string) => void | Promise<void>} [build] builds the site into distDir against the
 *   functions' URL, before the site is served
 * @property {string} [dataDir] where PGlite and the mail catcher keep their files (omitted: in memory, no inbox)
 * @property {Partial<Record<"site" | "api" | "db" | "inbox" | "smtp" | "sms", number>>} [ports] 0: a free one
 *   (the SMS stand-in's is a free one unless given)
 * @property {number} [retryEveryMs] how often the scheduled retry of e-mails runs
 * @property {Record<string, string> | ((site: { sitePort: number }) => Record<string, string>)} [functionEnv]
 *   extra environment for the functions (tests loosen the spam rules they are not about), or a
 *   function of the site's port returning it
 * @property {(query: (text: string, params?: unknown[]) => Promise<unknown>, databaseUrl: string) => Promise<void>} [seed]
 *   runs before the functions start, with SQL against the fresh database and its URL (tests register
 *   partners with `npm run partners` there)
 * @property {string} [cmsRepo] the git repository the CMS's decap-server commits to (omitted: none); each
 *   new commit to it runs `build` again, as a host builds on each push
 * @property {number} [cmsPort] decap-server's port: the one the CMS's configuration names (site/_lib/admin.js)
 * @property {{ accessTokenSeconds?: number, codesPerHour?: number }} [auth] the Auth stand-in's settings
 *   (./auth-stand-in.js); tests shorten a token's life
 * @property {(line: string) => void} [print]
 * @property {(name: string, text: string) => void} [onFunctionOutput]
 * @property {(part: string) => void} [onPartStopped] called once when a part stops on its own (a function's
 *   Deno process exits, a server closes), after the whole stack was stopped with it
 */

/**
 * Starts every service; returns their addresses and one `stop()` that shuts them down in order.
 * Each server binds its port itself (0 picks a free one, read back), in the order the addresses are
 * needed: the gateway first, so `build(apiUrl)` can build the site against it; then the site, whose
 * origin the functions need; then the database, the mail server and the functions behind the gateway.
 * @param {StackOptions} options
 */
export async function startLocalStack({
  distDir,
  build = async () => {},
  dataDir,
  ports = {},
  retryEveryMs = 30_000,
  functionEnv = {},
  seed = async () => {},
  cmsRepo,
  cmsPort = 8081,
  auth: authSettings = {},
  print = console.log,
  onFunctionOutput = (name, text) => {
    process.stdout.write(text.replace(/^(?=.)/gm, `[${name}] `));
  },
  onPartStopped = () => {},
}) {
  const port = { site: 8080, api: 54321, db: 54322, inbox: 54324, smtp: 54325, sms: 0, ...ports };
  /** @type {(() => Promise<unknown>)[]} */
  const stops = [];
  /** @type {Promise<void> | undefined} */
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      for (const fn of stops.reverse()) await fn().catch(() => {});
    })();
    return stopping;
  };
  // One part that stops on its own takes the rest with it: a half-running stack (a site whose function
  // is gone, Deno processes without their gateway) only misleads whoever uses it.
  const stopsTheStack = (/** @type {string} */ part) => () => {
    if (stopping) return;
    stop().then(() => onPartStopped(part));
  };
  try {
    const gateway = await startGateway([], port.api);
    stops.push(gateway.stop);
    const apiUrl = `http://127.0.0.1:${gateway.port}`;
    await build(apiUrl);

    const site = await createStaticServer(distDir);
    const sitePort = await listen(site, port.site);
    stops.push(() => closeServer(site));
    site.once("close", stopsTheStack("site"));

    const database = await startDatabase({ dataDir: dataDir && `${dataDir}/db`, port: port.db });
    stops.push(database.stop);
    print(`database  ${database.url}  (PGlite${dataDir ? `, data in ${dataDir}/db` : ", in memory"})`);
    // What pg_cron does on Supabase: delete what is past its retention, at start and then daily.
    const purge = () => database.db.query("select * from public.purge_expired_quote_data()").catch(() => {});
    await purge();
    await seed((text, params) => database.db.query(text, params), database.url);
    const purgeTimer = setInterval(purge, 24 * 60 * 60 * 1000);
    stops.push(async () => clearInterval(purgeTimer));

    const smtp = await startSmtp({ dir: dataDir && `${dataDir}/mail`, smtpPort: port.smtp });
    stops.push(smtp.stop);
    // The firm's SMS go to a stand-in of GatewayAPI, which keeps each one for the inbox page.
    const sms = await startSmsStandIn({ port: port.sms, dir: dataDir && `${dataDir}/sms` });
    stops.push(sms.stop);
    // The team's notifications go to a stand-in of a browser's push service, which keeps each one for the inbox page.
    const push = await startPushStandIn({ dir: dataDir && `${dataDir}/push` });
    stops.push(push.stop);
    const inbox = dataDir
      ? await startInbox({ dir: `${dataDir}/mail`, smsDir: `${dataDir}/sms`, pushDir: `${dataDir}/push`, httpPort: port.inbox })
      : null;
    if (inbox) stops.push(inbox.stop);
    print(`mail      smtp://127.0.0.1:${smtp.port}${inbox ? `  inbox http://127.0.0.1:${inbox.port}` : ""}`);
    print(`sms       ${sms.url}  (a stand-in of GatewayAPI; each SMS on the inbox page too)`);
    print(`push      ${push.url}  (a stand-in of a push service; POST /subscribe gives a device whose pushes the inbox page shows)`);
    // Sign-in by e-mail code: the codes go to the mail catcher, so they show on the inbox page.
    const auth = createAuthStandIn({
      databaseUrl: database.url,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      projectUrl: () => apiUrl,
      ...authSettings,
    });
    stops.push(auth.stop);
    gateway.attachAuth(auth);
    print(`auth      ${apiUrl}/auth/v1  (a stand-in of Supabase Auth: e-mail codes on the inbox page)`);

    const env = localFunctionEnv(
      // PGlite's socket server stalls under concurrent transactions from several connections: one.
      // The site answers on 127.0.0.1 too: the function allows SITE_URL's loopback twin (config.ts).
      {
        databaseUrl: database.url,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        siteUrl: `http://localhost:${sitePort}`,
        poolMax: 1,
        projectUrl: apiUrl,
      },
      { ...sms.env(), ...(typeof functionEnv === "function" ? functionEnv({ sitePort }) : functionEnv) },
    );
    const functions = await Promise.all(FUNCTIONS.map((name) => runFunction(name, env, { onOutput: onFunctionOutput })));
    stops.push(...functions.map((fn) => fn.stop));
    for (const fn of functions) fn.exited?.then(stopsTheStack(`function ${fn.name}`));
    gateway.attach(functions);
    print(`functions ${apiUrl}/functions/v1/send-contact-email  (Deno; retry-quote-emails every ${retryEveryMs / 1000} s; inbox)`);

    // What Supabase Cron does in production: call the retry function on a schedule.
    const retry = () =>
      fetch(`${apiUrl}/functions/v1/retry-quote-emails`, { method: "POST", headers: { Authorization: `Bearer ${env.CRON_SECRET}` } }).catch(
        () => {},
      );
    const timer = setInterval(retry, retryEveryMs);
    stops.push(async () => clearInterval(timer));
    print(`site      http://localhost:${sitePort}`);
    /** @type {Awaited<ReturnType<typeof publishOnCommit>> | undefined} */
    let cmsPublishing;
    if (cmsRepo) {
      // On decap-server's own port, which the CMS's config names (site/_lib/admin.js).
      const cms = await startCmsBackend({ repoDir: cmsRepo, port: cmsPort });
      stops.push(cms.stop);
      cmsPublishing = await publishOnCommit({
        repoDir: cmsRepo,
        publish: async () => {
          print("site      a new commit: building the site again");
          await build(apiUrl);
          print(`site      built again: http://localhost:${sitePort}`);
        },
        onError: (error) =>
          print(`site      not built again, the last build is served:\n${error instanceof Error ? error.message : error}`),
      });
      stops.push(cmsPublishing.stop);
      print(`cms       http://localhost:${sitePort}/admin  (decap-server ${cms.url}: each save is a commit, and the site is built again)`);
    }

    return {
      apiUrl,
      siteUrl: `http://localhost:${sitePort}`,
      databaseUrl: database.url,
      ports: { site: sitePort, inbox: inbox?.port },
      /** The SMS the stand-in of the SMS provider accepted, oldest first. */
      sms: sms.messages,
      /** The stand-in of a push service: its pushes, and subscriptions whose pushes it can read. */
      push,
      functionPids: Object.fromEntries(functions.map((fn) => [fn.name, fn.pid])),
      /** Resolves once no build started by a commit is under way. */
      published: async () => cmsPublishing?.settled(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
