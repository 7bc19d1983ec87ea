// The bench report as Markdown for people (the JSON is the same data for tools): each part's figures,
// and beside each figure that has a goal (./goals.js) whether every run met it.
import { GOALS } from "./goals.js";

const kB = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
const ms = (/** @type {number} */ value) => Math.round(value).toLocaleString("en");
const table = (/** @type {string} */ head, /** @type {string[]} */ rows) => [head, head.replace(/[^|]+/g, "---"), ...rows].join("\n");

/** "met", or "not met" with every failure named. */
export const verdict = (/** @type {string[]} */ failures) => `**${failures.length ? `not met (${failures.join("; ")})` : "met"}**`;

/**
 * A document's response as sent (headers and compressed body), against the first round trip of a new connection.
 * @param {{ headers: number, body: number } | null} documentSent
 */
const documentBytes = (documentSent) => (documentSent ? documentSent.headers + documentSent.body : Number.NaN);

/** Every page whose document, as sent, is larger than the first round trip (or was not measured). */
export function pagesOverFirstRoundTrip(/** @type {Record<string, any>} */ pages) {
  return Object.entries(pages)
    .filter(([, page]) => !(documentBytes(page.documentSent) <= GOALS.documentBytes))
    .map(([path, page]) => `${path}: ${(documentBytes(page.documentSent) - GOALS.documentBytes).toLocaleString("en")} bytes over`);
}

function pagesSection(/** @type {Record<string, any>} */ pages) {
  const head =
    "| page | HTML gzip | CSS gzip | JS gzip | total raw / gzip / brotli (kB) | requests | render-blocking | document on the wire (B) |";
  const rows = Object.entries(pages).map(([path, page]) => {
    const sent = documentBytes(page.documentSent);
    const over = sent - GOALS.documentBytes;
    const cells = [
      path,
      kB(page.html.gzip),
      kB(page.css.gzip),
      kB(page.js.gzip),
      `${kB(page.total.raw)} / ${kB(page.total.gzip)} / ${kB(page.total.brotli)}`,
      page.requests,
      page.renderBlocking.length,
      `${sent.toLocaleString("en")} (${over > 0 ? `${over.toLocaleString("en")} over the first round trip` : "first round trip"})`,
    ];
    return `| ${cells.join(" | ")} |`;
  });
  return `## Pages (what loads before any interaction)

${table(head, rows)}

Every document, headers included, within the first round trip of a new connection (${GOALS.documentBytes.toLocaleString("en")} bytes): ${verdict(pagesOverFirstRoundTrip(pages))}.
`;
}

/**
 * The mobile goal, in every run of every page: the failures, each naming the page.
 * @param {{ path: string, preset: string, figures: Record<string, { worst: number }> }[]} lighthouse
 */
export function mobileFailures(lighthouse) {
  const goal = GOALS.lighthouseMobile;
  return lighthouse
    .filter((entry) => entry.preset === "mobile")
    .flatMap(({ path, figures }) => [
      ...(figures.score.worst < goal.score ? [`${path}: score ${figures.score.worst}`] : []),
      ...(figures.lcp.worst > goal.lcpMs ? [`${path}: LCP ${ms(figures.lcp.worst)} ms`] : []),
      ...(figures.cls.worst > goal.cls ? [`${path}: CLS ${figures.cls.worst.toFixed(3)}`] : []),
    ]);
}

/** Every run with a layout shift (mobile and desktop), with what moved most in each shift, largest first. */
export function shiftsLine(/** @type {{ path: string, preset: string, run: number, cls: number, shifts: any[] }[]} */ shifted) {
  if (shifted.length === 0) return "Layout shifts: none in any run, mobile or desktop.";
  const shift = (/** @type {{ score: number, selector: string | null, snippet: string | null, causes: string[] }} */ entry) =>
    `${entry.score.toFixed(4)} \`${entry.selector ?? "?"}\`${entry.snippet ? ` (\`${entry.snippet.replace(/\s+/g, " ").slice(0, 80)}\`)` : ""}${entry.causes.length ? `, cause: ${entry.causes.join(", ")}` : ""}`;
  const runs = shifted.map(
    ({ path, preset, run, cls, shifts }) =>
      `${path} ${preset} run ${run}, CLS ${cls.toFixed(4)}: ${shifts.map(shift).join("; ") || "no element named"}`,
  );
  return `Layout shifts, every run that had one (Lighthouse's layout-shifts audit: the element that moved most in each shift): ${runs.join(". ")}.`;
}

/** The host's floor (./floor-page.js) in one paragraph, and what it means for the verdict. */
export function floorLine(
  /** @type {{ mobile: Record<string, { runs: number[], worst: number }>, benchmarkIndex: { median: number } }} */ floor,
) {
  const { mobile, benchmarkIndex } = floor;
  const runs = (/** @type {string} */ figure, /** @type {(value: number) => string} */ format) =>
    mobile[figure].runs.map(format).join(", ");
  const hostLimits =
    mobile.score.worst < GOALS.lighthouseMobile.score
      ? ` It missed ${GOALS.lighthouseMobile.score} itself, so on this host no page can be expected to score ${GOALS.lighthouseMobile.score} in every run: what is left above the floor is the site's.`
      : " It scored 100 in every run, so every miss above is the site's.";
  return `The host's floor, a 4 kB page of plain text with no CSS or script on the same server (Lighthouse mobile, every run): score ${runs("score", String)}; TBT ${runs("tbt", ms)} ms; LCP ${runs("lcp", ms)} ms.${hostLimits} Lighthouse's benchmark index of this host: median ${ms(benchmarkIndex.median)} (its docs expect 1 500-2 000 from the desktop its 4x CPU slowdown assumes).`;
}

function lighthouseSection(/** @type {Record<string, any>} */ report) {
  const { lighthouse, worstLcp } = report;
  const head = "| page | preset | score (median / worst) | FCP ms | LCP ms (median / worst) | TBT ms | CLS (worst) | bytes (kB) |";
  const rows = lighthouse.map(
    (/** @type {{ path: string, preset: string, figures: Record<string, any> }} */ { path, preset, figures }) =>
      `| ${[
        path,
        preset,
        `${figures.score.median} / ${figures.score.worst}`,
        ms(figures.fcp.median),
        `${ms(figures.lcp.median)} / ${ms(figures.lcp.worst)}`,
        ms(figures.tbt.median),
        figures.cls.worst.toFixed(3),
        kB(figures.totalBytes.median),
      ].join(" | ")} |`,
  );
  const goal = GOALS.lighthouseMobile;
  const phases = Object.entries(worstLcp.phases)
    .map(([phase, timing]) => `${phase} ${ms(timing)} ms`)
    .join(", ");
  return `## Lighthouse (performance, ${report.lighthouseRuns} run${report.lighthouseRuns === 1 ? "" : "s"} of each)

${table(head, rows)}

Mobile, every run (score ${goal.score}, LCP ≤ ${ms(goal.lcpMs)} ms, CLS ${goal.cls}): ${verdict(mobileFailures(lighthouse))}.

Worst mobile LCP: ${worstLcp.path} (run ${worstLcp.run}) ${ms(worstLcp.lcp)} ms, element ${worstLcp.element ?? "unknown"}: ${phases}.

${shiftsLine(report.shifted)}

${floorLine(report.floor)}
`;
}

function embedSection(/** @type {Record<string, any>} */ embed) {
  return `## Partner embed

${kB(embed.bytes.raw)} kB raw, ${kB(embed.bytes.gzip)} kB gzip, ${kB(embed.bytes.brotli)} kB brotli. Script request to interactive form (CPU slowed ${embed.cpuSlowdown}x): median ${ms(embed.scriptStartToInteractiveMs.median)} ms, worst ${ms(embed.scriptStartToInteractiveMs.worst)} ms.
`;
}

/** @typedef {Awaited<ReturnType<typeof import("./builds.js").measureBuilds>>} Builds */

/** The build times against their goals: the failures. */
export function buildFailures(/** @type {Pick<Builds, "freshMs" | "warmMs">} */ builds) {
  return [
    ...(builds.freshMs > GOALS.buildMs.fresh ? [`fresh ${ms(builds.freshMs)} ms`] : []),
    ...(builds.warmMs.median > GOALS.buildMs.warm ? [`warm ${ms(builds.warmMs.median)} ms`] : []),
  ];
}

function buildsSection(/** @type {Builds} */ builds) {
  return `## Builds

\`npm run build\` on a fresh clone (no dist/, no .cache/) ${ms(builds.freshMs)} ms, warm ${ms(builds.warmMs.median)} ms (median of ${builds.warmMs.runs.length}); at most ${ms(GOALS.buildMs.fresh)} and ${ms(GOALS.buildMs.warm)} ms: ${verdict(buildFailures(builds))}.
`;
}

/** @typedef {Awaited<ReturnType<typeof import("./scale.js").measureScale>>} Scale */

/** The warm build with the goal's number of towns against its goal: the failures (none when not measured). */
export function scaleFailures(/** @type {Scale} */ scale) {
  const goal = GOALS.scale;
  return scale
    .filter((entry) => entry.towns === goal.towns && entry.warmMs > goal.warmMs)
    .map((entry) => `${entry.towns} towns warm ${ms(entry.warmMs)} ms`);
}

function scaleSection(/** @type {Scale} */ scale) {
  const rows = scale.map(
    (entry) =>
      `| ${entry.towns} | ${entry.pages} | ${ms(entry.coldMs)} | ${ms(entry.warmMs)} | ${entry.msPerPage.toFixed(1)} | ${kB(entry.areaPageBytes)} |`,
  );
  const [first] = scale;
  return `## The build with more towns (\`npm run build:site\` in a scratch copy)

${table(`| towns | pages | cold ms | warm ms | warm ms per page | ${first?.areaPage ?? "area page"} (kB) |`, rows)}

Warm with ${GOALS.scale.towns.toLocaleString("en")} towns at most ${ms(GOALS.scale.warmMs)} ms: ${verdict(scaleFailures(scale))}.
`;
}

function apiSection(/** @type {Record<string, any>} */ api) {
  const lines = Object.values(api).map(
    (run) =>
      `- ${run.database}: ${run.requests} requests, ${run.connections} at a time: ${run.requestsPerSecond} answers/s (${run.acceptedPerSecond} accepted/s), latency p50 ${run.latencyMs.p50} ms, p95 ${run.latencyMs.p95} ms, p99 ${run.latencyMs.p99} ms. Accepted ${run.accepted}, rows ${run.rows}, e-mails ${run.mailsReceived}: nothing lost ${verdict(run.nothingLost ? [] : ["lost requests"])}. Cores busy: Deno ${run.coresBusy.deno}, database ${run.coresBusy.database}, the bench's own process (load, SMTP) ${run.coresBusy.benchProcess}.`,
  );
  return `## The function under load\n\n${lines.join("\n")}\n`;
}

/** The whole report in Markdown; parts left out with --only are left out here too. */
export function toMarkdown(/** @type {Record<string, any>} */ report) {
  const { machine } = report;
  const sections = [
    `# Bench ${report.date}

Machine: ${machine.cpus} × ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}${machine.chromium ? `, Chromium ${machine.chromium}` : ""}.${report.partial ? `\nParts measured: ${report.parts.join(", ")}.` : ""}
`,
    report.pages && pagesSection(report.pages),
    report.lighthouse && lighthouseSection(report),
    report.embed && embedSection(report.embed),
    report.builds && buildsSection(report.builds),
    report.scale && scaleSection(report.scale),
    report.api && apiSection(report.api),
  ];
  return sections.filter(Boolean).join("\n");
}
