// Vitest's global setup for the backend tests: one folder for the run, in memory, where each worker
// makes its PostgreSQL 15 clusters, copies of one migrated cluster it keeps there (dev/local/postgres15.js,
// `clusterFolder`); removed when the run ends.
import { clusterFolder } from "../../dev/local/postgres15.js";

/** @param {import("vitest/node").TestProject} project */
export default function setup(project) {
  const { folder, remove } = clusterFolder();
  project.provide("postgres15Folder", folder);
  return remove;
}
