// Where the firm's base is (business.yaml → geo), for what the towns need of it at load: each town's
// distance from the base is measured from the coordinates of both, never typed (docs/product.md,
// "Data"). Read here from the file itself, not through the business schema, so that each data file
// still loads on its own; business.yaml's own check names any mistake in its coordinates.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

const BUSINESS_FILE = fileURLToPath(new URL("../_data/business.yaml", import.meta.url));

/**
 * The base's coordinates, or undefined when business.yaml cannot be read or has none (its own check then
 * says why).
 * @returns {{ latitude: number, longitude: number } | undefined}
 */
export function baseLocation(file = BUSINESS_FILE) {
  let geo;
  try {
    geo = YAML.parse(readFileSync(file, "utf8"))?.geo;
  } catch {
    return undefined;
  }
  const { latitude, longitude } = geo ?? {};
  return typeof latitude === "number" && typeof longitude === "number" ? { latitude, longitude } : undefined;
}
