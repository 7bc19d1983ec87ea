// The shape of the lists pages keep in their front matter (cards, steps, photo cards), checked for every
// page by Eleventy's `eleventyDataSchema` hook (eleventy.config.js), so a misspelt icon or a card
// without a title breaks the build naming the page and field, as a bad data file does.
import { readFileSync } from "node:fs";
import { z } from "zod";

const ICONS = /** @type {[string, ...string[]]} */ (
  Object.keys(JSON.parse(readFileSync(new URL("../../widgets/shared/icons.json", import.meta.url), "utf8")))
);

const text = z.string().trim().min(1);
const icon = z.enum(ICONS, { error: (issue) => `unknown icon "${issue.input}" (widgets/shared/icons.json has ${ICONS.join(", ")})` });
const card = z.strictObject({
  icon,
  title: text,
  text,
  points: z.array(text).min(1).optional(),
  path: z
    .string()
    .regex(/^\/[a-z0-9\-/#]*$/)
    .optional(),
});
const step = z.strictObject({ title: text, text });
const serviceLink = z.strictObject({ icon, title: text, text, path: card.shape.path.unwrap() });

/** Front-matter keys with a fixed shape; any other key is the page's own business. */
const pageData = z.object({
  solutions: z.array(card).min(1).optional(),
  benefits: z.array(card).min(1).optional(),
  reasons: z.array(card).min(1).optional(),
  eventTypes: z.array(card).min(1).optional(),
  localServices: z.array(serviceLink).min(1).optional(),
  steps: z.array(step).min(1).optional(),
  photoCards: z
    .array(z.strictObject({ slot: z.string().regex(/^[a-z0-9-]+$/), title: text, text }))
    .min(1)
    .optional(),
});

/**
 * Throws, naming every bad field, when a page's front matter does not fit; photo cards must name a slot
 * of site/_data/photos.yaml.
 * @param {Record<string, any>} data the page's data cascade
 */
export function validatePageData(data) {
  const result = pageData.safeParse(data);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  for (const [index, card] of (data.photoCards ?? []).entries()) {
    if (data.photos && !(card.slot in data.photos))
      problems.push(`photoCards.${index}.slot: no photo slot "${card.slot}" in site/_data/photos.yaml`);
  }
  if (problems.length) throw new Error(`${data.page?.inputPath ?? "a page"}: invalid front matter\n  - ${problems.join("\n  - ")}`);
}
