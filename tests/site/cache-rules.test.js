// What dist/ tells a production host about caching and compression: every file under an immutable rule
// of dist/_headers carries a content hash in its name, the embed's stable URL is short-cached, and every
// text file has its .br and .gz beside it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { parseHeadersFile } from "../../operator/verify-deploy/headers-file.js";
import { hashedName, readAssets } from "../../site/_lib/assets.js";
import { TEXT_EXTENSIONS } from "../../site/_lib/precompress.js";
import { DIST, NOT_SITE, requireBuild } from "../support/site.js";

beforeAll(requireBuild);

const files = () =>
  readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${join(entry.parentPath, entry.name).slice(DIST.length)}`);
const rules = () => parseHeadersFile(readFileSync(join(DIST, "_headers"), "utf8"));
const matches = (pattern, path) => (pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : pattern === path);
const servedFiles = () => files().filter((path) => !path.startsWith("/_") && !/\.(br|gz)$/.test(path));
/** The Cache-Control a file gets: the last matching rule that sets one. */
const cacheControl = (path) =>
  rules()
    .filter((rule) => matches(rule.pattern, path) && rule.headers["Cache-Control"])
    .at(-1)?.headers["Cache-Control"];

// A content hash in a name: a part (between "." or "-") of 8 to 16 letters, digits, "_" or "-" that is
// not a plain word, as the builds write them: "logo.36d4d2fd6d.svg", "faq.CD_PoUe0.js", "juEcItmNUH-480.avif",
// "/share/1d743acbd6674ed3.png".
const hasContentHash = (path) => {
  const name = path.split("/").at(-1);
  return [...name.split("."), ...name.split(/[.-]/)].some(
    (part) => /^[A-Za-z0-9_-]{8,16}$/.test(part) && (/[0-9A-Z_]/.test(part) || /^[0-9a-f]{10,16}$/.test(part)),
  );
};

describe("cache rules of dist/_headers", () => {
  it("names every file under an immutable rule by its content hash", () => {
    const immutable = servedFiles().filter((path) => cacheControl(path)?.includes("immutable"));
    expect(immutable.length).toBeGreaterThan(10);
    // The photos' folder exists once the firm has a photo (a slot without one shows nothing).
    const folders = ["/assets/", "/widgets/", ...(existsSync(join(DIST, "img")) ? ["/img/"] : [])];
    for (const path of folders)
      expect(
        immutable.some((file) => file.startsWith(path)),
        path,
      ).toBe(true);
    for (const path of immutable) expect(hasContentHash(path), path).toBe(true);
  });

  it("tells a hash from a plain name", () => {
    for (const name of [
      "/widgets/quote-form.embed.js",
      "/assets/logo.svg",
      "/assets/not-found.js",
      "/assets/copy-snippet.js",
      "/assets/partner-demo.js",
    ])
      expect(hasContentHash(name), name).toBe(false);
    for (const name of [
      "/assets/site.e5e3b91f3d.css",
      "/widgets/faq.CD_PoUe0.js",
      "/img/juEcItmNUH-480.avif",
      "/assets/logo.36d4d2fd6d.svg",
    ])
      expect(hasContentHash(name), name).toBe(true);
  });

  it("publishes site/assets/ and the whole stylesheet only under the hash of each file's content", () => {
    const published = files().filter((path) => path.startsWith("/assets/") && !/\.(br|gz)$/.test(path));
    const stylesheet = published.find((path) => /^\/assets\/site\.[0-9a-f]{10}\.css$/.test(path)) ?? "";
    expect(`/assets/${hashedName("site.css", readFileSync(join(DIST, stylesheet)))}`).toBe(stylesheet);
    expect(published.sort()).toEqual([...readAssets().map((asset) => asset.hashedPath), stylesheet].sort());
    for (const { path } of readAssets()) expect(published, path).not.toContain(path);
  });

  it("caches the hashed widget chunks for a year and the embed's stable URL for minutes, revalidated", () => {
    const widgets = servedFiles().filter((path) => path.startsWith("/widgets/"));
    expect(widgets).toContain("/widgets/quote-form.embed.js");
    for (const path of widgets.filter((file) => file !== "/widgets/quote-form.embed.js"))
      expect(cacheControl(path), path).toBe("public, max-age=31536000, immutable");
    const embed = cacheControl("/widgets/quote-form.embed.js");
    expect(embed).not.toContain("immutable");
    expect(Number(embed?.match(/max-age=(\d+)/)?.[1])).toBeLessThanOrEqual(3600);
    expect(embed).toContain("must-revalidate");
  });

  it("never sets one header twice for a file (hosts would join the two values)", () => {
    for (const path of servedFiles()) {
      const names = rules()
        .filter((rule) => matches(rule.pattern, path))
        .flatMap((rule) => Object.keys(rule.headers));
      expect(names.length, path).toBe(new Set(names).size);
    }
  });
});

describe("precompressed files", () => {
  it("writes a .br and a .gz beside every text file, each decompressing to the file", () => {
    // Text by content, not by the build's own list of extensions, so a new kind of text file is not missed.
    const isText = (path) => {
      const bytes = readFileSync(join(DIST, path));
      return !bytes.includes(0) && bytes.equals(Buffer.from(bytes.toString("utf8"), "utf8"));
    };
    // The firm's CMS (admin/) is not precompressed: its bundle is megabytes, for one user, and hosts compress.
    const text = servedFiles()
      .filter((path) => !NOT_SITE.some((folder) => path.startsWith(`/${folder}`)))
      .filter(isText);
    expect(text.length).toBeGreaterThan(30);
    expect(text.filter((path) => !TEXT_EXTENSIONS.some((extension) => path.endsWith(extension)))).toEqual([]);
    for (const path of text) {
      const original = readFileSync(join(DIST, path));
      expect(brotliDecompressSync(readFileSync(join(DIST, `${path}.br`))).equals(original), `${path}.br`).toBe(true);
      expect(gunzipSync(readFileSync(join(DIST, `${path}.gz`))).equals(original), `${path}.gz`).toBe(true);
    }
  });
});
