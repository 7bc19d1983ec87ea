// Finished jobs (site/_data/jobs.yaml): which an area page shows and where each one is told.
import { daNumber } from "./format.js";
import { distanceKm } from "./geo.js";
import { anchorSlug, slugify } from "./slug.js";

/** @typedef {import("./data-types.js").Job} Job */
/** @typedef {import("./data-types.js").Area} Area */

/** How many jobs an area page shows at least: its own town's, then the nearest towns'. */
export const AREA_JOB_COUNT = 3;
/**
 * How many of its own town's jobs an area page tells at most, the newest: a town the firm works in often
 * keeps a page that arrives in one round trip (docs/bench.md, the `pages` part).
 */
export const AREA_JOB_MAX = 4;
/** How many jobs of its kind a service page links to, the newest told on their towns' pages. */
export const SERVICE_JOB_COUNT = 3;

/**
 * The newest first, and the file's order within a year.
 * @param {Job[]} jobs
 */
const newestFirst = (jobs) => jobs.toSorted((a, b) => b.year - a.year);

/**
 * A town's own jobs that its page tells: the AREA_JOB_MAX newest.
 * @param {Job[]} jobs
 * @param {string} town
 */
const toldIn = (jobs, town) => newestFirst(jobs.filter((job) => job.town === town)).slice(0, AREA_JOB_MAX);

/**
 * What a job cost the customer, as its town's page writes it: "11.900 kr. inkl. moms" (jobs.yaml's
 * `price`, what was paid with moms; not a price of the price list).
 * @param {{ price?: number }} job
 */
export function jobPriceText(job) {
  return job.price ? `${daNumber(job.price)} kr. inkl. moms` : "";
}

/**
 * The id of a job's story on its town's page (the service pages link there): the first four words of its
 * title, short enough to keep a service page's links small (the content check refuses two alike in a town).
 * @param {{ title: string }} job
 */
export function jobAnchor(job) {
  const words = anchorSlug(job.title).split("-").filter(Boolean);
  return `opgave-${words.slice(0, 4).join("-")}`;
}

/**
 * The jobs an area page tells: its own town's (at most AREA_JOB_MAX, the newest), then the nearest other
 * towns' jobs until there are AREA_JOB_COUNT; each with the km from this town (0 for its own).
 * @param {Area} area
 * @param {Area[]} areas
 * @param {Job[]} jobs
 * @returns {{ job: Job, km: number }[]}
 */
export function jobsNear(area, areas, jobs) {
  const byName = new Map(areas.map((town) => [town.name, town]));
  const own = toldIn(jobs, area.name).map((job) => ({ job, km: 0 }));
  if (own.length >= AREA_JOB_COUNT) return own;
  const others = jobs
    .filter((job) => job.town !== area.name && byName.has(job.town))
    .map((job) => ({ job, km: Math.max(1, Math.round(distanceKm(area, /** @type {Area} */ (byName.get(job.town))))) }))
    .sort((a, b) => a.km - b.km || b.job.year - a.job.year);
  return [...own, ...others.slice(0, AREA_JOB_COUNT - own.length)];
}

/**
 * The SERVICE_JOB_COUNT newest jobs of one service whose stories their towns' pages tell, each with the
 * address of its story.
 * @param {Job[]} jobs
 * @param {string} service a services.yaml key
 */
export function jobsOfService(jobs, service) {
  return newestFirst(jobs.filter((job) => job.service === service && toldIn(jobs, job.town).includes(job)))
    .slice(0, SERVICE_JOB_COUNT)
    .map((job) => ({ job, href: `/omraader/${slugify(job.town)}#${jobAnchor(job)}` }));
}
