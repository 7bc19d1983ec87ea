// The one React-to-Preact alias map: components import from "react"; what ships (and what the widget
// tests run) is Preact through preact/compat. Used by vite.widgets.config.ts and vitest.config.js.
export const reactToPreact = {
  "react-dom/server": "preact-render-to-string",
  "react-dom/test-utils": "preact/test-utils",
  "react-dom/client": "preact/compat/client",
  "react-dom": "preact/compat",
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-dev-runtime",
  react: "preact/compat",
};

/** The map as Vite/Rollup alias entries, most specific first, matching whole specifiers only. */
export const reactToPreactAliases = Object.entries(reactToPreact).map(([find, replacement]) => ({
  find: new RegExp(`^${find.replace(/[/]/g, "\\/")}$`),
  replacement,
}));
