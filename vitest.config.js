import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.js"],
    // Browser and HTML-checker tests start Chromium or Java; give them room on a 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    reporters: ["default", "./tests/support/summary-reporter.js"],
  },
});
