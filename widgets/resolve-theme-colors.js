// A PostCSS step of the widget build (vite.widgets.config.ts) for the partner embed's stylesheet: the
// palette's colours (`--color-*`, from Tailwind's theme and site/styles/theme.css) written in where they
// are used, and their declarations dropped. The embed's shadow root has no other use for them, and its
// 16 kB gzip budget (tests/site/budget.test.js) is better spent on code. The partners' theming hooks,
// `--elektriker-*`, stay custom properties.

/** @returns {import("postcss").Plugin} */
export function resolveThemeColors() {
  return {
    postcssPlugin: "resolve-theme-colors",
    OnceExit(root) {
      /** @type {Map<string, string>} */
      const colors = new Map();
      root.walkDecls(/^--color-/, (declaration) => {
        colors.set(declaration.prop, declaration.value);
        const rule = declaration.parent;
        declaration.remove();
        if (rule && "nodes" in rule && rule.nodes?.length === 0) rule.remove();
      });
      root.walkDecls((declaration) => {
        declaration.value = declaration.value.replace(/var\((--color-[\w-]+)\)/g, (whole, name) => colors.get(name) ?? whole);
      });
    },
  };
}
