// The build's last step: a .br and a .gz beside every text file of the output, for servers that send
// precompressed files (nginx gzip_static/brotli_static, dev/static-server.js); hosts that compress
// by themselves ignore them. Each result is kept in .cache/precompressed/ under the hash of its input,
// so a rebuild compresses only what changed.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** The extensions compressed (text); images other than SVG are compressed already. */
export const TEXT_EXTENSIONS = [".html", ".css", ".js", ".json", ".webmanifest", ".svg", ".xml", ".txt"];

/** The encodings written, in the order a server prefers them, with their file suffix. */
export const ENCODINGS = [
  // Quality 11, the smallest: about 2 % smaller than 10, which brought /ydelser/private's document into
  // the first round trip of a connection (docs/bench.md, "What each part answers, and its goal"). It
  // costs about 1 s per MB, paid once per file: the cache below keeps every result.
  {
    name: "br",
    suffix: ".br",
    compress: (/** @type {Buffer} */ bytes) =>
      promisify(brotliCompress)(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
  },
  { name: "gzip", suffix: ".gz", compress: (/** @type {Buffer} */ bytes) => promisify(gzip)(bytes, { level: 9 }) },
];

const CACHE_DIR = fileURLToPath(new URL("../../.cache/precompressed/", import.meta.url));
const isText = (/** @type {string} */ name) => TEXT_EXTENSIONS.some((extension) => name.endsWith(extension));

/**
 * The bytes cached under `key`, made and cached first if there are none.
 * @param {string} key
 * @param {() => Promise<Buffer>} make
 */
async function cached(key, make) {
  const file = join(CACHE_DIR, key);
  try {
    return await readFile(file);
  } catch {
    const bytes = await make();
    // Written under a temporary name first, so a parallel build never reads half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, file);
    return bytes;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file under `dir`; returns how many files it compressed.
 * @param {string} dir
 */
export async function precompress(dir) {
  await mkdir(CACHE_DIR, { recursive: true });
  const files = (await readdir(dir, { recursive: true })).filter(isText).map((name) => join(dir, name));
  // zlib's asynchronous calls run on libuv's thread pool, so this uses every core.
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const hash = createHash("sha256").update(bytes).digest("hex");
      for (const { suffix, compress } of ENCODINGS) await writeFile(file + suffix, await cached(hash + suffix, () => compress(bytes)));
    }),
  );
  return files.length;
}
