// Runs a command and prints how long it took and what the machine's cores did meanwhile, read from
// /proc/stat: busy and idle core-seconds over every process, the browsers a test starts included. It
// tells a test run bound by CPU (little idle: only less work makes it faster) from one that waits
// (much idle: running more side by side does). Linux only.
//
// On a machine others use at the same time, the machine's busy core-seconds count their work too. Where
// this process may make a CPU-accounting control group (root, with cgroup v1's cpuacct mounted, as on the
// 2-core machine), the command runs in one of its own and the line also says the command's own
// core-seconds: every process it started, the servers that detach from it (PostgreSQL) included.
//
//   node dev/bench/cpu-use.js npx vitest run tests/browser/layout.test.js
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmdirSync } from "node:fs";
import { join } from "node:path";

/** The machine's CPU time so far, in clock ticks (USER_HZ, 100 a second on Linux): busy and idle. */
function cpuTicks() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
}

/** A control group of its own for the command, or null where this process may not make one. */
function ownGroup() {
  const root = "/sys/fs/cgroup/cpuacct";
  if (!existsSync(join(root, "cgroup.procs"))) return null;
  const group = join(root, `cpu-use-${process.pid}`);
  try {
    mkdirSync(group);
    return group;
  } catch {
    return null;
  }
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("Usage: node dev/bench/cpu-use.js <command> [arguments…]");
  process.exit(2);
}
const group = ownGroup();
const before = cpuTicks();
const started = performance.now();
// In a group, a shell joins it and then becomes the command, so the command's first instruction is counted.
const child = group
  ? spawn("sh", ["-c", 'echo $$ > "$0/cgroup.procs" && exec "$@"', group, command, ...args], { stdio: "inherit" })
  : spawn(command, args, { stdio: "inherit" });
child.on("exit", (code, signal) => {
  const after = cpuTicks();
  const seconds = (/** @type {number} */ ticks) => Math.round(ticks / 100);
  let own = "";
  if (group) {
    own = `, ${Math.round(Number(readFileSync(join(group, "cpuacct.usage"), "utf8")) / 1e9)} of them the command's`;
    // A group still holding a server the command left running cannot be removed; it stays, empty once the
    // server stops.
    try {
      rmdirSync(group);
    } catch {}
  }
  console.error(
    `${((performance.now() - started) / 1000).toFixed(1)} s wall, ${seconds(after.busy - before.busy)} core-seconds busy${own}, ` +
      `${seconds(after.idle - before.idle)} idle`,
  );
  process.exit(code ?? (signal ? 1 : 0));
});
