// The host's floor for Lighthouse: a 4 kB page of plain Danish text (no stylesheet, no script, no
// picture), served by the same server and measured by the same Chromium in the same run as the site.
// Lighthouse simulates a phone by multiplying what it observes on the host (CPU work by four), so how
// far a fast page can get depends on the host. When this page itself misses score 100, no page of the
// site can be expected to reach it in every run on that host; the report says so beside the verdict.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { precompress } from "../../site/_lib/precompress.js";

const PARAGRAPH =
  "Vi er autoriserede elektrikere på Sjælland og klarer alt fra en ny stikkontakt til en hel eltavle. " +
  "Vi giver en fast pris, før vi går i gang, og rydder op efter os, når arbejdet er færdigt. ";

/** The floor page's HTML: a heading and about 4 kB of text. */
export const FLOOR_PAGE_HTML = `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Elektriker på Sjælland</title>
<meta name="description" content="En side med tekst alene, som målestok for værten.">
</head>
<body>
<h1>Elektriker på Sjælland</h1>
${Array.from({ length: 18 }, () => `<p>${PARAGRAPH}</p>`).join("\n")}
</body>
</html>
`;

/** Writes the floor page (with its .br and .gz, by the build's own last step) into a temporary folder the static server can serve; returns it and a `remove()`. */
export async function floorPageDir() {
  const dir = await mkdtemp(join(tmpdir(), "elektriker-floor-page-"));
  await writeFile(join(dir, "index.html"), FLOOR_PAGE_HTML);
  await precompress(dir);
  await writeFile(join(dir, "_headers"), "");
  return { dir: `${dir}/`, remove: () => rm(dir, { recursive: true, force: true }) };
}
