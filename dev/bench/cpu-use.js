// Runs a command and prints how long it took and what the machine's cores did meanwhile, read from
// /proc/stat: busy and idle core-seconds over every process, the browsers a test starts included. It
// tells a test run bound by CPU (little idle: only less work makes it faster) from one that waits
// (much idle: running more side by side does). Linux only; the machine should be otherwise idle.
//
//   node dev/bench/cpu-use.js npx vitest run tests/browser/layout.test.js
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

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

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("Usage: node dev/bench/cpu-use.js <command> [arguments…]");
  process.exit(2);
}
const before = cpuTicks();
const started = performance.now();
const child = spawn(command, args, { stdio: "inherit" });
child.on("exit", (code, signal) => {
  const after = cpuTicks();
  const seconds = (/** @type {number} */ ticks) => Math.round(ticks / 100);
  console.error(
    `${((performance.now() - started) / 1000).toFixed(1)} s wall, ${seconds(after.busy - before.busy)} core-seconds busy, ` +
      `${seconds(after.idle - before.idle)} idle`,
  );
  process.exit(code ?? (signal ? 1 : 0));
});
