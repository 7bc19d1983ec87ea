// The other way to inline CSS, for the bench to compare with what the build ships (the whole stylesheet
// inline, site/_lib/stylesheet.js): a copy of dist/ where each page's <style> keeps only the rules that
// page's HTML uses (Beasties) and the whole stylesheet loads after the first contentful paint, waited
// for as the pages' island loader waits for it (site/_lib/island-loader.js), so neither way gets a head
// start (the widgets' classes and later states need the rest). The copy's CSP allows its per-page hashes; nothing of it ships.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Beasties from "beasties";
import { afterFirstContentfulPaint } from "../../site/_lib/island-loader.js";
import { precompress } from "../../site/_lib/precompress.js";
import { cspHash } from "../../site/_lib/security-headers.js";

const STYLE = /<style>([\s\S]*?)<\/style>/;
const REST_URL = "/assets/site-rest.css";
const LOAD_REST = [
  "(()=>{",
  `const load=()=>{const link=document.createElement("link");link.rel="stylesheet";link.href="${REST_URL}";document.head.append(link)};`,
  afterFirstContentfulPaint("load"),
  "})()",
].join("");

/** Writes the critical-CSS copy of `dist` into a temporary folder; returns it and a `remove()`. */
export async function criticalCssCopy(dist) {
  const dir = await mkdtemp(join(tmpdir(), "elektriker-critical-css-"));
  await cp(dist, dir, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
  // @ts-expect-error beasties' types declare its default export as a type only
  const beasties = new Beasties({ path: dir, reduceInlineStyles: true, pruneSource: false, inlineFonts: false, logLevel: "silent" });
  const styleHashes = new Set();
  let wholeCss = "";
  for (const name of (await readdir(dir, { recursive: true })).filter((file) => file.endsWith(".html"))) {
    const html = await readFile(join(dir, name), "utf8");
    const whole = html.match(STYLE)?.[1];
    if (whole === undefined) continue;
    wholeCss ||= whole;
    const critical = (await beasties.process(html)).replace("</body>", `<script>${LOAD_REST}</script></body>`);
    styleHashes.add(cspHash(critical.match(STYLE)?.[1] ?? ""));
    await writeFile(join(dir, name), critical);
  }
  await writeFile(join(dir, REST_URL), wholeCss);
  const headers = await readFile(join(dir, "_headers"), "utf8");
  await writeFile(
    join(dir, "_headers"),
    headers
      .replace(/style-src [^;]*/, `style-src 'self' ${[...styleHashes].join(" ")}`)
      .replace(/script-src ([^;]*)/, `script-src $1 ${cspHash(LOAD_REST)}`),
  );
  await precompress(dir);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
