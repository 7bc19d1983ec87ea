// A real photo dropped into its slot (docs/editing.md "Photos"): encoded once to AVIF and
// WebP at two widths, described by its own alt text, and not encoded again by the next build, since the
// encoded files survive a rebuild and are named by the photo's content.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { hasPhoto, pictureHtml, realPhoto } from "../../site/_lib/photos.js";

const photoDir = mkdtempSync(join(tmpdir(), "photos-in-"));
const outputDir = mkdtempSync(join(tmpdir(), "photos-out-"));
// The other cases write elsewhere, so the first test finds only its own four files in any test order.
const casesOutputDir = mkdtempSync(join(tmpdir(), "photos-cases-out-"));
afterAll(() => {
  for (const dir of [photoDir, outputDir, casesOutputDir]) rmSync(dir, { recursive: true, force: true });
});

const SLOTS = { eltavle: { alt: "Ny eltavle i et parcelhus i Køge", caption: "Eltavler" } };
const options = { photoDir, outputDir };

/** The outputs' names and modification times. */
const outputs = () => Object.fromEntries(readdirSync(outputDir).map((name) => [name, statSync(join(outputDir, name)).mtimeMs]));

describe("a real photo in a slot", () => {
  it("is encoded to AVIF and WebP at 480 and 960 px with its own alt text, once, and the next build reuses the files", async () => {
    await sharp({ create: { width: 1600, height: 1067, channels: 3, background: "#1e4f8a" } })
      .jpeg()
      .toFile(join(photoDir, "eltavle.jpg"));
    const html = await pictureHtml("eltavle", SLOTS, options);
    expect(html).toMatch(/<source type="image\/avif" srcset="\/img\/\S+-480\.avif 480w, \/img\/\S+-960\.avif 960w"/);
    expect(html).toMatch(/<img src="\/img\/\S+-480\.webp"[^>]* srcset="\/img\/\S+-480\.webp 480w, \/img\/\S+-960\.webp 960w"/);
    expect(html).toContain('alt="Ny eltavle i et parcelhus i Køge"');
    expect(html).toContain('loading="lazy"');
    const first = outputs();
    expect(
      Object.keys(first)
        .sort()
        .map((name) => name.replace(/^.*-(\d+\.\w+)$/, "…-$1")),
    ).toEqual(["…-480.avif", "…-480.webp", "…-960.avif", "…-960.webp"]);

    // The next build is a new process, with nothing cached in memory: same markup, no file written again.
    const script = `import { pictureHtml } from ${JSON.stringify(new URL("../../site/_lib/photos.js", import.meta.url).href)};
      process.stdout.write(await pictureHtml("eltavle", ${JSON.stringify(SLOTS)}, ${JSON.stringify(options)}));`;
    const again = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(again).toBe(html);
    expect(outputs()).toEqual(first);
  });

  // Every slot once showed a line drawing in a 200 px block until the firm had a photo.
  it("shows nothing while the slot has no photo, and says so to the page's layout", async () => {
    const empty = { photoDir: casesOutputDir, outputDir: casesOutputDir };
    expect(await pictureHtml("eltavle", SLOTS, empty)).toBe("");
    expect(hasPhoto("eltavle", SLOTS, casesOutputDir)).toBe(false);
    expect(hasPhoto("eltavle", SLOTS, photoDir)).toBe(true);
  });
});

describe("what a firm's camera gives", () => {
  /**
   * A fresh photo folder with one file.
   * @param {string} name
   * @param {"jpeg" | "png" | "heic"} [format]
   */
  const folderWith = async (name, format = "jpeg") => {
    const dir = mkdtempSync(join(tmpdir(), "photos-case-"));
    if (format === "heic") writeFileSync(join(dir, name), "not an image the build reads");
    else
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#334155" } })
        .toFormat(format)
        .toFile(join(dir, name));
    return dir;
  };

  // A camera's Eltavle.JPG was once ignored without a word: extensions were case-sensitive.
  it("uses a photo whatever the case of its extension", async () => {
    for (const name of ["eltavle.JPG", "eltavle.Jpeg", "eltavle.PNG"]) {
      const dir = await folderWith(name, name.toLowerCase().endsWith("png") ? "png" : "jpeg");
      const html = await pictureHtml("eltavle", SLOTS, { photoDir: dir, outputDir: casesOutputDir });
      expect(html, name).toContain("<picture>");
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // A camera's Eltavle.JPG was once ignored without a word: the slot's name was compared case-sensitively.
  it("uses a photo whatever the case of its name", async () => {
    for (const name of ["Eltavle.JPG", "ELTAVLE.jpg", "elTavle.png"]) {
      const dir = await folderWith(name, name.toLowerCase().endsWith("png") ? "png" : "jpeg");
      expect(realPhoto("eltavle", SLOTS.eltavle, dir), name).toBe(join(dir, name));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses two photos whose names differ only in case, in Danish, naming both", async () => {
    const dir = await folderWith("eltavle.jpg");
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#334155" } })
      .jpeg()
      .toFile(join(dir, "Eltavle.JPG"));
    expect(() => realPhoto("eltavle", SLOTS.eltavle, dir)).toThrow(/"Eltavle\.JPG" og "eltavle\.jpg".*Slet det ene/);
    rmSync(dir, { recursive: true, force: true });
  });

  it("uses the file the CMS uploaded, named in the slot", async () => {
    const dir = await folderWith("IMG_2041.JPG");
    const html = await pictureHtml(
      "eltavle",
      { eltavle: { ...SLOTS.eltavle, file: "/images/photos/IMG_2041.JPG" } },
      { photoDir: dir, outputDir: casesOutputDir },
    );
    expect(html).toContain('alt="Ny eltavle i et parcelhus i Køge"');
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses an iPhone's HEIC photo in Danish, saying to save it as JPEG", async () => {
    const dir = await folderWith("eltavle.HEIC", "heic");
    expect(() => realPhoto("eltavle", SLOTS.eltavle, dir)).toThrow(
      /"eltavle" → Foto: "eltavle\.HEIC" er i iPhones HEIC-format.*Gem det som JPEG/,
    );
    expect(() => realPhoto("eltavle", { ...SLOTS.eltavle, file: "IMG_1.heic" }, dir)).toThrow(/HEIC-format/);
    rmSync(dir, { recursive: true, force: true });
  });

  // With eltavle.jpg in place, the alt text once still said "Tegning af en eltavle".
  it("refuses a photo without a description of its own", async () => {
    const dir = await folderWith("eltavle.jpg");
    expect(() => realPhoto("eltavle", { ...SLOTS.eltavle, alt: "Tegning af en eltavle" }, dir)).toThrow(
      /"eltavle" → Beskrivelse af billedet: "Tegning af en eltavle" beskriver en tegning/,
    );
    expect(() => realPhoto("eltavle", {}, dir)).toThrow(/"eltavle" → Beskrivelse af billedet: mangler/);
    expect(realPhoto("eltavle", SLOTS.eltavle, dir)).toBe(join(dir, "eltavle.jpg"));
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a slot naming a photo that is not in the folder", () => {
    expect(() => realPhoto("eltavle", { ...SLOTS.eltavle, file: "/images/photos/mangler.jpg" }, outputDir)).toThrow(
      /Foto: filen "mangler\.jpg" findes ikke i site\/images\/photos\//,
    );
  });
});
