// What the global setups of vitest.config.js provide to the test files (Vitest's `inject`).
export {};

declare module "vitest" {
  interface ProvidedContext {
    /** The run's folder of PostgreSQL 15 clusters (tests/support/postgres15-clusters.js). */
    postgres15Folder: string;
  }
}
