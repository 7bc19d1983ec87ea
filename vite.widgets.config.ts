// The widget build (`npm run build:widgets`): React components (imports from "react") bundled as
// Preact through the one alias map, in three environments built in order by one `vite build`:
//   client: the islands of the firm's pages (widgets/islands.js): every page's module, which defines
//           them, and each island's chunk, loaded when it wakes, sharing one Preact chunk (hashed
//           names, listed in the manifest the site build reads);
//   embed:  the partner embed, one self-contained module under a stable name;
//   ssr:    the same components for Node, which Eleventy renders into the pages at build time;
//   inbox, inbox_worker: the firm's inbox at /admin/indbakke (widgets/inbox/), its script and
//           stylesheet, and its service worker, each one file under a stable name, loaded by no other page.
// Output goes to .cache/widgets/ (site/_lib/build-paths.js); Eleventy copies public/ to dist/widgets/.
import tailwindcss from "@tailwindcss/postcss";
import { defineConfig, type Plugin } from "vite";
import { WIDGETS_OUTPUT_DIR } from "./site/_lib/build-paths.js";
import { ENTRIES } from "./widgets/islands.js";
import { INBOX_BUILD } from "./widgets/inbox/address.js";
import { reactToPreactAliases } from "./widgets/react-aliases.js";
import { embedOwnSize } from "./widgets/embed-own-size.js";
import { resolveThemeColors } from "./widgets/resolve-theme-colors.js";
import { siteFactsDefine } from "./dev/site-facts-define.js";

/**
 * Drops the /* @__PURE__ *\/ marks from the embed once it is minified. They are hints for a later
 * bundler, and none comes after this one; Vite's terser step keeps them in library mode whatever the
 * options say (about 60 bytes gzip of the embed's budget).
 */
const dropPureMarks: Plugin = {
  name: "drop-pure-marks",
  applyToEnvironment: (environment) => environment.name === "embed",
  generateBundle(_options, bundle) {
    // A keyword before a mark (`return/* @__PURE__ */f()`) keeps a space.
    for (const file of Object.values(bundle))
      if (file.type === "chunk") file.code = file.code.replace(/(\w?)\/\* @__PURE__ \*\//g, (_, before) => (before ? `${before} ` : ""));
  },
};

export default defineConfig({
  plugins: [dropPureMarks],
  resolve: { alias: reactToPreactAliases },
  define: siteFactsDefine(),
  // The islands' chunks preload each other from the folder they are served from.
  base: "/widgets/",
  publicDir: false,
  logLevel: "warn",
  // The embed's stylesheet: Tailwind's theme variables (only those used) under plain CSS, with the
  // palette's colours written in where they are used, and its lengths in px, not the partner page's rem.
  css: { postcss: { plugins: [tailwindcss({ optimize: { minify: true } }), resolveThemeColors(), embedOwnSize()] } },
  build: {
    target: "es2022",
    modulePreload: false,
    reportCompressedSize: false,
    // zod's regexes module builds some patterns with `new RegExp()`, which the bundler must otherwise
    // keep as possible side effects: the form uses one pattern (the e-mail), not the ~600 bytes gzip of all.
    rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => !id.includes("/zod/v4/core/regexes") } },
  },
  builder: {},
  environments: {
    client: {
      build: {
        outDir: `${WIDGETS_OUTPUT_DIR}/public`,
        emptyOutDir: true,
        manifest: true,
        // Waking an island fetches its chunk and the shared Preact chunk in parallel. Not the preload
        // helper itself, nor the kept-request flag's module (widgets/quote-form/kept-on-device.json):
        // every page has already imported both (widgets/every-page.ts), and Firefox fires an error on a
        // modulepreload link for a module it has loaded that way.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps) => deps.filter((dep) => !dep.includes("preload-helper") && !dep.includes("kept-on-device")),
        },
        rolldownOptions: {
          input: { "every-page": ENTRIES.page },
          output: { entryFileNames: "[name].[hash].js", chunkFileNames: "[name].[hash].js" },
        },
      },
    },
    embed: {
      consumer: "client",
      build: {
        // Terser with three passes: about 1.5 % smaller than the default minifier, which keeps the
        // embed inside its 17 kB gzip budget (tests/site/budget.test.js, which prints the size; little room is left).
        minify: "terser",
        terserOptions: { module: true, compress: { passes: 3 }, mangle: { toplevel: true } },
        outDir: `${WIDGETS_OUTPUT_DIR}/public`,
        emptyOutDir: false,
        // Library mode: the one dynamic import (the photo code, widgets/quote-form/photos.ts, loaded when
        // a visitor picks a photo) stays a plain import(), without the preload helper an app build wraps
        // it in (about 600 bytes gzip that would preload nothing: the photo module imports only the entry).
        lib: { entry: { "quote-form.embed": ENTRIES.embed }, formats: ["es"] },
        rolldownOptions: {
          // One entry module under a stable name, and the photo module beside it under a hashed one
          // (tests/site/budget.test.js allows exactly that one).
          // No comments: nothing reads them (the pure marks: dropPureMarks).
          output: { entryFileNames: "[name].js", chunkFileNames: "quote-form.embed.[name].[hash].js", comments: false },
        },
      },
    },
    // One file each (no chunks): the page's files are revalidated on every read (/admin/*), and the
    // service worker must be a classic script with no imports.
    ...Object.fromEntries(
      (
        [
          ["inbox", INBOX_BUILD.app, true],
          ["inbox_worker", INBOX_BUILD.worker, false],
        ] as const
      ).map(([environment, { entry, name }, first]) => [
        environment,
        {
          consumer: "client",
          build: {
            outDir: `${WIDGETS_OUTPUT_DIR}/${INBOX_BUILD.folder}`,
            emptyOutDir: first,
            rolldownOptions: {
              input: { [name]: entry },
              output: { entryFileNames: "[name].js", assetFileNames: "[name][extname]", codeSplitting: false },
            },
          },
        },
      ]),
    ),
    ssr: {
      consumer: "server",
      resolve: { noExternal: true },
      build: {
        outDir: `${WIDGETS_OUTPUT_DIR}/ssr`,
        emptyOutDir: true,
        ssr: true,
        rolldownOptions: { input: { ssr: "widgets/ssr.tsx" }, output: { entryFileNames: "[name].js" } },
      },
    },
  },
});
