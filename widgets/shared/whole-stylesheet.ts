// The page's whole stylesheet, which the island loader adds after the first paint (site/_lib/island-loader.js):
// the page carries inline only the rules its built markup uses (site/_lib/first-paint-css.js). An island
// that draws markup the build did not render (the booking page's times and fields) waits for it, or what
// it draws shows unstyled, and moves, until the stylesheet arrives.

/** Resolves once every stylesheet link of the page has loaded (or failed: then there is nothing to wait for). */
export const wholeStylesheet = (): Promise<unknown> =>
  Promise.all(
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) =>
      link.sheet
        ? null
        : new Promise((resolve) => {
            link.addEventListener("load", resolve, { once: true });
            link.addEventListener("error", resolve, { once: true });
          }),
    ),
  );
