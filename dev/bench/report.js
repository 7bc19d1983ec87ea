// The bench report as Markdown for people (the JSON is the same data for tools).
import { FIRST_ROUND_TRIP_BYTES } from "./page-bytes.js";
const kB = (bytes) => (bytes / 1024).toFixed(1);
const ms = (value) => Math.round(value).toLocaleString("en");
const ratio = (ours, theirs) => (theirs ? (ours / theirs).toFixed(2) : "–");

/** The document's response as sent (headers and compressed body) against the first round trip of a new connection. */
function documentCell(documentSent) {
  if (!documentSent) return "–";
  const total = documentSent.headers + documentSent.body;
  const over = total - FIRST_ROUND_TRIP_BYTES;
  return `${total.toLocaleString("en")} (${over > 0 ? `${over.toLocaleString("en")} over the first round trip` : "first round trip"})`;
}

function pagesTable(pages, compare) {
  const head =
    "| page | HTML gzip | CSS gzip | JS gzip | total raw / gzip / brotli (kB) | requests | render-blocking | document on the wire (B) |" +
    (compare ? " total gzip ours/theirs |" : "");
  const rows = Object.entries(pages).map(([path, { ours, theirs }]) => {
    const cells = [
      path,
      kB(ours.html.gzip),
      kB(ours.css.gzip),
      kB(ours.js.gzip),
      `${kB(ours.total.raw)} / ${kB(ours.total.gzip)} / ${kB(ours.total.brotli)}`,
      ours.requests,
      ours.renderBlocking.length,
      documentCell(ours.documentSent),
    ];
    if (compare) cells.push(theirs ? ratio(ours.total.gzip, theirs.total.gzip) : "–");
    return `| ${cells.join(" | ")} |`;
  });
  return [head, head.replace(/[^|]+/g, "---"), ...rows].join("\n");
}

function lighthouseTable(lighthouse, compare) {
  const head =
    "| page | preset | score (median / worst) | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | bytes (kB) |" +
    (compare ? " LCP ours/theirs | bytes ours/theirs |" : "");
  const rows = lighthouse.map(({ path, preset, ours, theirs }) => {
    const cells = [
      path,
      preset,
      `${ours.score.median} / ${ours.score.worst}`,
      ms(ours.fcp.median),
      ms(ours.lcp.median),
      ms(ours.tbt.median),
      ours.cls.median.toFixed(3),
      ms(ours.speedIndex.median),
      kB(ours.totalBytes.median),
    ];
    if (compare)
      cells.push(
        theirs ? ratio(ours.lcp.median, theirs.lcp.median) : "–",
        theirs ? ratio(ours.totalBytes.median, theirs.totalBytes.median) : "–",
      );
    return `| ${cells.join(" | ")} |`;
  });
  return [head, head.replace(/[^|]+/g, "---"), ...rows].join("\n");
}

const LIGHTHOUSE_FIGURES = ["score", "fcp", "lcp", "tbt", "cls", "speedIndex", "totalBytes"];
const BYTE_FIGURES = ["html", "css", "js", "other", "total"];

/** Ours/theirs for every figure measured on both sites (below 1: ours is smaller or faster; for the score, above 1 is better). */
export function ratios(report) {
  const pages = Object.fromEntries(
    Object.entries(report.pages)
      .filter(([, { theirs }]) => theirs)
      .map(([path, { ours, theirs }]) => [
        path,
        {
          ...Object.fromEntries(
            BYTE_FIGURES.flatMap((kind) =>
              ["raw", "gzip", "brotli"].map((size) => [`${kind}.${size}`, ours[kind][size] / (theirs[kind][size] || NaN)]),
            ),
          ),
          requests: ours.requests / theirs.requests,
          renderBlocking: ours.renderBlocking.length / (theirs.renderBlocking.length || NaN),
        },
      ]),
  );
  const lighthouse = report.lighthouse
    .filter((entry) => entry.theirs)
    .map(({ path, preset, ours, theirs }) => ({
      path,
      preset,
      ...Object.fromEntries(LIGHTHOUSE_FIGURES.map((key) => [key, ours[key].median / (theirs[key].median || NaN)])),
    }));
  return { pages, lighthouse };
}

const fixed = (value) => (Number.isFinite(value) ? value.toFixed(2) : "–");

function ratioTables(report) {
  const { pages, lighthouse } = ratios(report);
  const byteHead = `| page | ${BYTE_FIGURES.map((kind) => `${kind} gzip`).join(" | ")} | total raw | total brotli | requests | render-blocking |`;
  const byteRows = Object.entries(pages).map(
    ([path, r]) =>
      `| ${path} | ${BYTE_FIGURES.map((kind) => fixed(r[`${kind}.gzip`])).join(" | ")} | ${fixed(r["total.raw"])} | ${fixed(r["total.brotli"])} | ${fixed(r.requests)} | ${fixed(r.renderBlocking)} |`,
  );
  const lhHead = `| page | preset | ${LIGHTHOUSE_FIGURES.join(" | ")} |`;
  const lhRows = lighthouse.map((r) => `| ${r.path} | ${r.preset} | ${LIGHTHOUSE_FIGURES.map((key) => fixed(r[key])).join(" | ")} |`);
  const table = (head, rows) => [head, head.replace(/[^|]+/g, "---"), ...rows].join("\n");
  return `## Ours/theirs, every figure (medians)\n\n${table(byteHead, byteRows)}\n\n${table(lhHead, lhRows)}\n`;
}

/** Mobile acceptance: score 100 and LCP at most 1 000 ms in every run of every page, and no layout shift. */
export function mobileVerdict(lighthouse) {
  const mobile = lighthouse.filter((entry) => entry.preset === "mobile");
  const failures = mobile.flatMap(({ path, ours }) => [
    ...(ours.score.worst < 100 ? [`${path}: score ${ours.score.worst}`] : []),
    ...(ours.lcp.worst > 1000 ? [`${path}: LCP ${ms(ours.lcp.worst)} ms`] : []),
    ...(ours.cls.worst > 0 ? [`${path}: CLS ${ours.cls.worst.toFixed(3)}`] : []),
  ]);
  return { pass: failures.length === 0, failures };
}

function lighthouseSection(report, compare) {
  const { lighthouse, worstLcp } = report;
  const verdict = mobileVerdict(lighthouse);
  const phases = worstLcp
    ? Object.entries(worstLcp.phases)
        .map(([phase, timing]) => `${phase} ${ms(timing)} ms`)
        .join(", ")
    : "";
  return `## Lighthouse 12 (performance, ${report.lighthouseRuns} runs each; figures are medians)

${lighthouseTable(lighthouse, compare)}

Mobile, every run (score 100, LCP ≤ 1 000 ms, CLS 0): **${verdict.pass ? "met" : `not met (${verdict.failures.join("; ")})`}**. Mobile LCP of all runs: ${ms(Math.min(...lighthouse.filter((entry) => entry.preset === "mobile").flatMap((entry) => entry.ours.lcp.runs)))}-${ms(Math.max(...lighthouse.filter((entry) => entry.preset === "mobile").flatMap((entry) => entry.ours.lcp.runs)))} ms.

Worst mobile LCP: ${worstLcp.path} (run ${worstLcp.run}) ${ms(worstLcp.lcp)} ms, element ${worstLcp.element ?? "unknown"}: ${phases}.
${report.shifted ? `\n${shiftsLine(report.shifted)}\n` : ""}${report.worstTbt ? `\n${tbtLine(report.worstTbt)}\n` : ""}${report.floor ? `\n${floorLine(report.floor)}\n` : ""}
${hostLine(report.machine)}
`;
}

/**
 * The host against Lighthouse's own hardware advice (its docs/variability.md: "Minimum 2 dedicated cores
 * (4 recommended)"): here the cores also run Lighthouse, the server and the bench.
 */
export function hostLine({ cpus }) {
  const verdict =
    cpus < 4
      ? "fewer than the 4 it recommends, and not dedicated: Chromium's own processes (browser, compositor, renderer) and Lighthouse share them, so the page's main thread waits for a core and Lighthouse's 4x slowdown multiplies the waiting too"
      : "as many as it recommends, though not dedicated: the bench's own processes share them";
  return `Lighthouse's variability guide asks for at least 2 cores dedicated to the measurement, 4 recommended; this host has ${cpus}, ${verdict}.`;
}

/** Every run with a layout shift (mobile and desktop), with what moved most in each shift, largest first. */
export function shiftsLine(shifted) {
  if (shifted.length === 0) return "Layout shifts: none in any run, mobile or desktop.";
  const shift = ({ score, selector, snippet, causes }) =>
    `${score.toFixed(4)} \`${selector ?? "?"}\`${snippet ? ` (\`${snippet.replace(/\s+/g, " ").slice(0, 80)}\`)` : ""}${causes.length ? `, cause: ${causes.join(", ")}` : ""}`;
  const runs = shifted.map(
    ({ path, preset, run, cls, shifts }) =>
      `${path} ${preset} run ${run}, CLS ${cls.toFixed(4)}: ${shifts.map(shift).join("; ") || "no element named"}`,
  );
  return `Layout shifts, every run that had one (Lighthouse's layout-shifts audit: the element that moved most in each shift): ${runs.join(". ")}.`;
}

/** The mobile run with the most blocking time, task by task (dev/bench/lighthouse.js, tbtBreakdown). */
export function tbtLine({ path, run, tbt, fcp, tasks }) {
  const where = (url) => (URL.canParse(url) ? new URL(url).pathname : url);
  const list = tasks
    .map((task) => `${ms(task.blocking)} ms from a ${ms(task.duration)} ms task at ${ms(task.start)} ms (${where(task.url)})`)
    .join("; ");
  return `Worst mobile TBT: ${path} (run ${run}) ${ms(tbt)} ms, First Contentful Paint at ${ms(fcp)} ms (simulated): ${list || "no long task"}. Lighthouse simulates FCP from the first parse, the first layout and the first paint tasks alone (and render-blocking requests); its full simulation runs every task at four times its observed length, and what of a task lies after that FCP, less 50 ms, is blocking time, so a task that ran before the first paint in the browser can still count. The shares add up to about the TBT (Lighthouse averages two simulations with slightly different FCPs). "Unattributable" tasks are the engine's own (the fresh renderer's navigation commit, style, layout, paint), not a script's.`;
}

/** The host's floor (dev/bench/floor-page.js) in one paragraph, and what it means for the verdict. */
export function floorLine({ mobile, benchmarkIndex }) {
  const runs = (figure, format) => mobile[figure].runs.map(format).join(", ");
  const hostLimits =
    mobile.score.worst < 100
      ? " It missed 100 itself, so on this host no page can be expected to score 100 in every run: what is left above the floor is the site's."
      : " It scored 100 in every run, so every miss above is the site's.";
  return `The host's floor, a 4 kB page of plain text with no CSS or script on the same server (Lighthouse mobile, every run): score ${runs("score", String)}; TBT ${runs("tbt", ms)} ms; LCP ${runs("lcp", ms)} ms.${hostLimits} Lighthouse's benchmark index of this host: median ${ms(benchmarkIndex.median)} (its docs expect 1 500-2 000 from the desktop its 4x CPU slowdown assumes).`;
}

function layoutSection(layout) {
  const head =
    "| page | style + layout ms, fresh renderer (median / worst) | of it on the CPU, fresh (median) | of it font lookups, fresh (median) | the same page again, warm (median) |";
  const rows = layout.map(
    ({ path, cold, warm, cpu, fonts }) =>
      `| ${path} | ${ms(cold.median)} / ${ms(cold.worst)} | ${cpu ? ms(cpu.median) : "–"} | ${fonts ? ms(fonts.median) : "–"} | ${ms(warm.median)} |`,
  );
  return `## First layout: a fresh renderer against a warm one (Chromium unthrottled, 412 px)

${[head, head.replace(/[^|]+/g, "---"), ...rows].join("\n")}

Lighthouse loads every run in a fresh renderer and multiplies its main-thread work by four: what the fresh renderer pays above the warm one is paid once per process by the engine, not by the page's markup. "On the CPU" is the main thread's own CPU time in that style and layout; the rest of the wall-clock time it waited, and Lighthouse multiplies the waiting as if it were work. Font lookups are the renderer waiting on the browser process for each font weight and size the page uses (Chromium on Linux asks by a synchronous call); a busy browser process makes that wait long.
`;
}

function cssSection(css) {
  const head =
    "| page | critical: document br (kB) | critical: FCP / LCP ms (median) | critical: LCP worst | whole: document br (kB) | whole: FCP / LCP ms (median) | whole: LCP worst |";
  const rows = css.map(
    ({ path, whole, critical }) =>
      `| ${[path, ...[critical, whole].flatMap((entry) => [kB(entry.htmlBrotli), `${ms(entry.fcp.median)} / ${ms(entry.lcp.median)}`, ms(entry.lcp.worst)])].join(" | ")} |`,
  );
  const mean = (key) => css.reduce((sum, entry) => sum + entry[key].lcp.median, 0) / css.length;
  return `## Inline CSS: critical CSS per page (shipped) against the whole stylesheet inline (Lighthouse mobile, alternating)

${[head, head.replace(/[^|]+/g, "---"), ...rows].join("\n")}

Mean of the median LCPs: critical ${ms(mean("critical"))} ms, whole ${ms(mean("whole"))} ms.
`;
}

/** The whole report in Markdown; parts left out with --only are left out here too. */
export function toMarkdown(report) {
  const compare = Boolean(report.compare);
  const { builds, embed, api } = report;
  const sections = [
    `# Bench ${report.date}

Machine: ${report.machine.cpus} × ${report.machine.cpu}, ${report.machine.memoryGiB} GiB, Node ${report.machine.node}, Chromium ${report.machine.chromium}.${compare ? `\nCompared with: ${report.compare} (ratios are ours/theirs: below 1 is better for us).` : ""}${report.partial ? `\nParts measured: ${report.parts.join(", ")}.` : ""}
`,
    report.pages &&
      `## Pages (what loads before any interaction)

${pagesTable(report.pages, compare)}
`,
    report.lighthouse && lighthouseSection(report, compare),
    report.layout && layoutSection(report.layout),
    report.css && cssSection(report.css),
    embed &&
      `## Partner embed

${kB(embed.bytes.raw)} kB raw, ${kB(embed.bytes.gzip)} kB gzip, ${kB(embed.bytes.brotli)} kB brotli. Script request to interactive form (CPU slowed ${embed.cpuSlowdown}x): median ${ms(embed.scriptStartToInteractiveMs.median)} ms, worst ${ms(embed.scriptStartToInteractiveMs.worst)} ms.
`,
    builds &&
      `## Builds

\`npm run build\` on a fresh clone (no dist/, no .cache/) ${ms(builds.coldMs)} ms, warm ${ms(builds.warmMs.median)} ms (median of ${builds.warmMs.runs.length}); the widget build forced ${ms(builds.widgetsMs.median)} ms, the site build ${ms(builds.siteMs.median)} ms (medians).

| areas | pages | site build ms | ms per page |
| --- | --- | --- | --- |
${builds.scaling.map((entry) => `| ${entry.areas} | ${entry.pages} | ${ms(entry.ms)} | ${entry.msPerPage.toFixed(1)} |`).join("\n")}
`,
    api &&
      `## The function under load

${Object.values(api)
  .map(
    (run) =>
      `- ${run.database}: ${run.requests} requests, ${run.connections} at a time: ${run.requestsPerSecond} answers/s (${run.acceptedPerSecond} accepted/s), latency p50 ${run.latencyMs.p50} ms, p95 ${run.latencyMs.p95} ms, p99 ${run.latencyMs.p99} ms. Accepted ${run.accepted}, rows ${run.rows}, e-mails ${run.mailsReceived}: nothing lost = **${run.nothingLost}**. Cores busy: Deno ${run.coresBusy.deno}, database ${run.coresBusy.database}, the bench's own process (load, SMTP) ${run.coresBusy.benchProcess}.`,
  )
  .join("\n")}
`,
    report.ratios && ratioTables(report),
  ];
  return sections.filter(Boolean).join("\n");
}
