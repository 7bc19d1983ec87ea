// What the bench reads from a Lighthouse result (its "lhr"), apart from running Lighthouse
// (./lighthouse.js), so the report's tests need neither Lighthouse nor a browser.

/**
 * The parts of a Lighthouse result the bench reads. Each audit's `details.items` has its own shape (the
 * typedefs below); Lighthouse's own types give them as a union by detail kind.
 * @typedef {{ nodeLabel?: string, selector?: string, snippet?: string }} LhNode
 * @typedef {{ headings?: { key: string }[], items?: { node?: LhNode, phase?: string, timing?: number }[] }} LcpTable
 * @typedef {{ node?: LhNode, score: number, subItems?: { items?: { cause: string }[] } }} ShiftItem
 * @typedef {{ audits: Record<string, { details?: unknown } | undefined> }} LighthouseResult
 */

/** The figures the bench keeps of a run, by Lighthouse's audit names. */
export const AUDITS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndex: "speed-index",
  totalBytes: "total-byte-weight",
};

/**
 * Lighthouse's LCP element and phases (TTFB, load delay, load time, render delay in ms), as it simulated them.
 * @param {LighthouseResult} lhr
 */
export function lcpBreakdown(lhr) {
  const tables = /** @type {{ items?: LcpTable[] } | undefined} */ (lhr.audits["largest-contentful-paint-element"]?.details)?.items ?? [];
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
 * @param {LighthouseResult} lhr
 */
export function layoutShifts(lhr) {
  const items = /** @type {{ items?: ShiftItem[] } | undefined} */ (lhr.audits["layout-shifts"]?.details)?.items ?? [];
  return items.map(({ node, score, subItems }) => ({
    score,
    selector: node?.selector ?? null,
    snippet: node?.snippet ?? null,
    causes: (subItems?.items ?? []).map((item) => item.cause),
  }));
}
