// What a static host does on every push, for the local stack: each save in the CMS is a commit
// (dev/local/cms-backend.js), and each new commit builds the site again, so a change made in the CMS
// reaches the pages, and through /site-facts.json the functions and the database, with no command run
// (docs/editing.md, "Edit the site locally").
import { execFile } from "node:child_process";
import { unwatchFile, watchFile } from "node:fs";
import { isAbsolute, join } from "node:path";
import { promisify } from "node:util";

const git = promisify(execFile);
/** How often the branch's log is looked at (a stat, no git process): a save shows within this. */
const POLL_MS = 500;

/**
 * Calls `publish()` after each new commit to `repoDir`'s checked-out branch, one run at a time: commits
 * made during a run are published together by one more run after it. A failed run is reported through
 * `onError` and the stack goes on serving the last good build.
 * @param {{ repoDir: string, publish: () => Promise<void>, onError?: (error: unknown) => void }} options
 */
export async function publishOnCommit({ repoDir, publish, onError = () => {} }) {
  const run = async (/** @type {string[]} */ args) => (await git("git", args, { cwd: repoDir })).stdout.trim();
  const logPath = await run(["rev-parse", "--git-path", "logs/HEAD"]);
  const log = isAbsolute(logPath) ? logPath : join(repoDir, logPath);
  const head = () => run(["rev-parse", "HEAD"]);
  let published = await head();
  /** @type {Promise<void> | undefined} */
  let running;
  let again = false;

  const publishNew = async () => {
    const current = await head().catch(() => published);
    if (current === published) return;
    published = current;
    await publish().catch(onError);
  };
  const onChange = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await publishNew();
      } while (again);
      running = undefined;
    })();
  };
  /** Resolves once no run is under way (tests wait for the publish a commit started). */
  const settled = async () => {
    while (running) await running;
  };
  watchFile(log, { interval: POLL_MS }, onChange);
  return {
    settled,
    stop: async () => {
      unwatchFile(log, onChange);
      await settled();
    },
  };
}
