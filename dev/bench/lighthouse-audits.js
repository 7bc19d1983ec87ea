// What the bench reads from a Lighthouse result (its "lhr"), apart from running Lighthouse
// (./lighthouse.js), so the report's tests need neither Lighthouse nor a browser.

/** The figures the bench keeps of a run, by Lighthouse's audit names. */
export const AUDITS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndex: "speed-index",
  totalBytes: "total-byte-weight",
};

/** Lighthouse's LCP element and phases (TTFB, load delay, load time, render delay in ms), as it simulated them. */
export function lcpBreakdown(lhr) {
  const tables = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const element = tables[0]?.items?.[0]?.node;
  const phases = tables.find((table) => table.headings?.some((heading) => heading.key === "phase"))?.items ?? [];
  return {
    element: element ? `${element.nodeLabel ?? ""} (${element.selector ?? ""})` : null,
    phases: Object.fromEntries(phases.map(({ phase, timing }) => [phase, timing])),
  };
}

/**
 * The layout shifts of a run, largest first, as Lighthouse's "layout-shifts" audit names them: the
 * element that moved most in each shift (its CSS selector and the start of its HTML), the shift's
 * score and the root causes Lighthouse found (media without a size, a web font, an injected iframe).
 */
export function layoutShifts(lhr) {
  const items = lhr.audits["layout-shifts"]?.details?.items ?? [];
  return items.map(({ node, score, subItems }) => ({
    score,
    selector: node?.selector ?? null,
    snippet: node?.snippet ?? null,
    causes: (subItems?.items ?? []).map((item) => item.cause),
  }));
}
