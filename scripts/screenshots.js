// `npm run screenshots [path ...]`: full-page PNGs of built pages at phone (390 px) and desktop
// (1280 px) width, into screenshots/ (git-ignored), for a person to look at.
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { listen } from "../dev/local/servers.js";
import { createStaticServer } from "../dev/static-server.js";
import { launchChromium, scrollThrough } from "../dev/chromium.js";

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["/", "/ydelser/private", "/omraader/koge"];
const outDir = fileURLToPath(new URL("../screenshots/", import.meta.url));
await mkdir(outDir, { recursive: true });

const server = await createStaticServer(fileURLToPath(new URL("../dist/", import.meta.url)));
const base = `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}`;
const browser = await launchChromium();
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    await scrollThrough(page);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    const name = `${path === "/" ? "home" : path.slice(1).replaceAll("/", "-")}-${width}.png`;
    await page.screenshot({ path: outDir + name, fullPage: true });
    console.log(`screenshots/${name}`);
  }
  await page.close();
}
await browser.close();
server.close();
