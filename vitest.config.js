import { defineConfig } from "vitest/config";
import { reactToPreactAliases } from "./widgets/react-aliases.js";
import { siteFactsDefine } from "./dev/site-facts-define.js";
import { longestFirst } from "./tests/support/longest-first-sequencer.js";

const FAST = ["tests/unit/**/*.test.js"];
/**
 * The files that take longest (each half a minute or more of a full run on 2 cores): the first two start
 * with every short file beside them, the others after, so the run does not end waiting for one of them
 * alone, nor for short files that mostly wait. After the first two come the files that mostly wait (a11y,
 * progressive, partner-setup: for pauses, answers and events), and the run ends with those that keep
 * both cores busy (pages, first-paint-css, layout): ending with the waiting ones left a core idle.
 * Only the order depends on it; a file missing here, or a new slow one, costs time, never coverage
 * (tests/support/longest-first-sequencer.js).
 */
const LONGEST = [
  "tests/browser/engines.test.js",
  "tests/browser/widgets.test.js",
  "tests/browser/a11y.test.js",
  "tests/browser/progressive.test.js",
  "tests/browser/cms.test.js",
  "tests/browser/partner-setup.test.js",
  "tests/site/owner-edits.test.js",
  "tests/backend/verify-deploy.test.js",
  "tests/browser/pages.test.js",
  "tests/browser/first-paint-css.test.js",
  "tests/browser/layout.test.js",
];

export default defineConfig({
  test: {
    // Browser and HTML-checker tests start Chromium or Java; give them room on a 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // What a browser or a server does next (a module loaded after the first paint, a mail delivered)
    // waits for a core there too: CI once missed the not-found page's console line by Vitest's default
    // 1 s. A poll that succeeds returns at once, so only a failing one waits this long.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: true,
    // Three workers on two cores: two long browser files keep the cores busy while the third runs the
    // short files, which mostly wait (tests/support/longest-first-sequencer.js).
    maxWorkers: 3,
    sequence: { sequencer: longestFirst(LONGEST, { alongside: 2 }) },
    reporters: ["default", "./tests/support/summary-reporter.js"],
    projects: [
      // `npm run test:fast` (with the widget projects): pure functions only; no build, browser, database
      // or Deno, so it passes on a fresh clone before anything is built.
      // isolate: false, one module graph per worker instead of one per file, halves the group's CPU time;
      // no file changes a global or a module another reads (they pass in any order, --sequence.shuffle).
      { extends: true, test: { name: "fast", include: FAST, isolate: false } },
      // isolate: false here too: importing Playwright, postgres and the site's data once per worker instead
      // of once per file took a sixth of the CPU of this group's ninety-odd small files. Each file starts
      // and stops what it runs (servers, databases, browsers) and restores what it stubs.
      {
        extends: true,
        test: {
          name: "site-and-backend",
          include: ["tests/**/*.test.js"],
          exclude: FAST,
          isolate: false,
          // The PostgreSQL 15 clusters in memory, each a copy of one migrated cluster per worker
          // (tests/support/postgres15-clusters.js).
          globalSetup: ["tests/support/postgres15-clusters.js"],
        },
      },
      // The widget tests run twice from the same files: on preact/compat through the alias map that
      // ships, and on react-dom itself, so the components are shown to be React components.
      ...[
        { name: "widgets-preact", alias: reactToPreactAliases },
        { name: "widgets-react", alias: [] },
      ].map(({ name, alias }) => ({
        extends: /** @type {const} */ (true),
        resolve: { alias },
        define: siteFactsDefine(),
        test: {
          name,
          include: ["widgets/**/*.test.{ts,tsx}"],
          environment: /** @type {const} */ ("happy-dom"),
          // One DOM and one module graph per worker instead of one per file, for a third of the CPU
          // time: the files share the document, session storage and the element registry, so each
          // test cleans up what it renders and stores (they pass in any file order, --sequence.shuffle).
          isolate: false,
        },
      })),
    ],
  },
});
