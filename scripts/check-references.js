// `npm run check:references` (part of `npm run check`): every relative link, anchor and named section in
// the tracked Markdown and code comments leads somewhere (dev/references.js). Exit code 1 lists them.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { brokenReferences } from "../dev/references.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const paths = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
const broken = brokenReferences({ paths, read: (path) => readFileSync(new URL(path, `file://${root}`), "utf8") });
for (const line of broken) console.error(line);
if (broken.length > 0) {
  console.error(`${broken.length} reference(s) lead nowhere: point each at a file and heading that exist.`);
  process.exit(1);
}
