// The widget build: React components (imports from "react") bundled as Preact through the one alias map,
// as ES modules sharing one Preact chunk, into dist/widgets/. Not yet wired into the pages.
import { defineConfig } from "vite";
import { reactToPreactAliases } from "./widgets/react-aliases.js";

export default defineConfig({
  resolve: { alias: reactToPreactAliases },
  publicDir: false,
  build: {
    outDir: "dist/widgets",
    emptyOutDir: true,
    target: "es2022",
    modulePreload: false,
    rollupOptions: {
      input: { "quote-form": "widgets/quote-form/define.tsx" },
      output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
    },
  },
});
