// The other way to inline CSS, for the bench to compare with what the build ships (each page's own
// first-paint CSS inline and the whole stylesheet after the first paint, site/_lib/first-paint-css.js):
// a copy of dist/ where every page carries the whole stylesheet inline and loads no stylesheet later,
// its policy allowing the whole stylesheet's hash instead of its own CSS's. Nothing of it ships.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inlineStyle } from "../../site/_lib/first-paint-css.js";
import { precompress } from "../../site/_lib/precompress.js";
import { cspHash } from "../../site/_lib/security-headers.js";

/** Writes the whole-stylesheet copy of `dist` into a temporary folder; returns it and a `remove()`. */
export async function wholeStylesheetCopy(dist) {
  const dir = await mkdtemp(join(tmpdir(), "elektriker-whole-stylesheet-"));
  await cp(dist, dir, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
  for (const name of (await readdir(dir, { recursive: true })).filter((file) => file.endsWith(".html"))) {
    const html = await readFile(join(dir, name), "utf8");
    const own = inlineStyle(html);
    const late = / data-style="([^"]+)"/.exec(html)?.[1];
    if (own === undefined || !late) continue;
    const whole = await readFile(join(dir, late), "utf8");
    await writeFile(
      join(dir, name),
      html
        .replace(cspHash(own), () => cspHash(whole))
        .replace(`<style>${own}</style>`, () => `<style>${whole}</style>`)
        .replace(/\n?<noscript><link rel="stylesheet"[^>]*><\/noscript>/, "")
        .replace(/ data-style="[^"]+"/, ""),
    );
  }
  await precompress(dir);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
