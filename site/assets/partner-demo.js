// The live demo on /partner: loads the partner embed when the demo comes into view. The embed is 15 kB
// gzip on its own; loaded up front it would take the page past the 16 kB of JavaScript any page may
// load before the visitor does anything (tests/site/budget.test.js counts this import as woken).
const demo = document.querySelector("elektriker-tilbud");
// @ts-expect-error: the embed is a build output (dist/widgets/), not a source module.
const load = () => import("../widgets/quote-form.embed.js");
if (demo && "IntersectionObserver" in window) {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    },
    { rootMargin: "200px" },
  );
  observer.observe(demo);
} else if (demo) {
  load();
}
