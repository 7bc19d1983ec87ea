// A PostCSS step of the widget build for the partner embed's stylesheet: every rem length written in
// px, 16 to the rem. A rem is the partner page's root font size, which the partner's CSS may set to
// anything (`* { font-size: 30px !important }` scaled the whole form about 1.9 times); the embed has a
// size of its own, which only the documented `--elektriker-scale` changes (embed.css). Media queries
// keep rem: there it is the browser's default size, which no page's CSS changes.

const REM = /(\d*\.?\d+)rem\b/g;

/** @returns {import("postcss").Plugin} */
export function embedOwnSize() {
  return {
    postcssPlugin: "embed-own-size",
    Declaration(declaration) {
      declaration.value = declaration.value.replace(REM, (_whole, number) => `${Number((Number(number) * 16).toFixed(3))}px`);
    },
  };
}
