// Types for the packages the site build uses that ship none: only the parts the site calls. opentype.js
// and eleventy-img have no declarations; Eleventy's package.json points `types` at its JavaScript, which
// tsc does not read inside node_modules. Pulled in with a `/// <reference path>` by each file that
// imports one of them.

declare module "opentype.js" {
  /** One drawing command of a glyph's outline, in font units scaled to the size asked for. */
  export type PathCommand =
    | { type: "M" | "L"; x: number; y: number }
    | { type: "Q"; x1: number; y1: number; x: number; y: number }
    | { type: "C"; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
    | { type: "Z" };

  export interface Glyph {
    index: number;
    advanceWidth: number;
    getPath(x: number, y: number, fontSize: number): { commands: PathCommand[] };
  }

  export interface Font {
    unitsPerEm: number;
    charToGlyph(char: string): Glyph;
    getKerningValue(left: Glyph, right: Glyph): number;
  }

  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
}

declare module "@11ty/eleventy-img" {
  /** The formats and widths eleventy-img wrote for one image (https://www.11ty.dev/docs/plugins/image/). */
  export type Metadata = Record<string, { url: string; width: number; height: number; sourceType: string; srcset: string }[]>;

  function Image(src: string, options: { widths: number[]; formats: string[]; outputDir: string; urlPath: string }): Promise<Metadata>;
  namespace Image {
    function generateHTML(metadata: Metadata, attributes: Record<string, string>): string;
  }
  export default Image;
}

declare module "@11ty/eleventy/UserConfig" {
  /** Any function Eleventy calls back: a filter, shortcode, transform, data parser or event handler. */
  type Callback = (...args: never[]) => unknown;

  /** What the eleventy.before and eleventy.after handlers receive (https://www.11ty.dev/docs/events/). */
  export interface BuildEvent {
    directories: { input: string; includes: string; data: string; layouts?: string; output: string };
    runMode: "build" | "serve" | "watch";
  }

  /** The `eleventyConfig` a config file and its plugins receive (https://www.11ty.dev/docs/config/). */
  export default class UserConfig {
    on(eventName: "eleventy.before" | "eleventy.after", callback: (event: BuildEvent) => unknown): void;
    /** Every page's URL and input path, before any is rendered. */
    on(eventName: "eleventy.contentMap", callback: (event: { urlToInputPath: Record<string, unknown> }) => unknown): void;
    addPlugin(plugin: (eleventyConfig: UserConfig) => unknown): void;
    addDataExtension(extensions: string, options: { parser: (contents: string, filePath: string) => unknown }): void;
    addGlobalData(name: string, data: unknown): void;
    addFilter(name: string, callback: Callback): void;
    addShortcode(name: string, callback: Callback): void;
    addAsyncShortcode(name: string, callback: Callback): void;
    addTransform(name: string, callback: Callback): void;
    /** Globs of input files Eleventy skips. */
    ignores: Set<string>;
  }
}
