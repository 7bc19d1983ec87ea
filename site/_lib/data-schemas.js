// The shape of every data file in site/_data/, checked when the build loads it
// so that a wrong area or a missing phone number breaks the build with a readable message, not a page.
// Derived values (area slugs and neighbours) are computed here, once, so templates never repeat them.
import { z } from "zod";
import { slugify } from "./slug.js";
import { neighboursOf } from "./geo.js";
import { MOTIF_NAMES } from "./placeholder.js";
import { HAND_TYPED_RESPONSE_TIME } from "./copy-facts.js";

const text = z.string().trim().min(1);
const path = z.string().regex(/^\/[a-z0-9\-/#]*$/, "must be a site path such as /ydelser/private");
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM");
const weekday = z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
/** An absolute base URL to which paths are appended: no trailing slash. */
const baseUrl = z.url().refine((url) => !url.endsWith("/"), "must not end with /");

/** How many neighbouring areas an area page links to (docs/product.md#pages: "several"). */
export const NEIGHBOUR_COUNT = 4;

const business = z.strictObject({
  brand: text,
  tagline: text,
  phone: z.strictObject({
    // Digits and spaces only, as it is dialled: it goes into pages and the embed's fallback as it is.
    display: z.string().regex(/^\+?\d[\d ]*\d$/, "digits and spaces, such as 12 34 56 78"),
    e164: z.string().regex(/^\+45\d{8}$/, "must be +45 followed by eight digits"),
  }),
  email: z.email(),
  address: z.strictObject({
    street: text,
    postalCode: z.string().regex(/^\d{4}$/),
    town: text,
    country: z.literal("DK"),
  }),
  identity: z.strictObject({
    legalName: text,
    cvr: z.string().regex(/^\d{8}$/, "must be the eight digits of a CVR number"),
    authorisation: z.strictObject({ number: z.string().regex(/^\d+$/), authority: text }),
    owner: z.strictObject({ name: text, role: text }),
  }),
  geo: z.strictObject({ latitude, longitude }),
  // docs/product.md#who-it-is-for, #business-constants-and-timings give two readings of the hours; both are kept, each where it applies.
  hours: z.strictObject({
    workdays: z.strictObject({ name: text, label: text, opens: time, closes: time }),
    phone: z.strictObject({ name: text, days: z.array(weekday).min(1), label: text, opens: time, closes: time }),
    emergency: text,
  }),
  figures: z.strictObject({
    rating: z.number().min(1).max(5),
    ratingCount: z.number().int().positive(),
    bestRating: z.number().int(),
    worstRating: z.number().int(),
    yearsExperience: z.number().int().positive(),
    projects: z.number().int().positive(),
    events: z.number().int().positive(),
    authorisedPercent: z.number().int().min(0).max(100),
  }),
  googleProfile: z.url(),
  guarantees: z.strictObject({ warrantyYears: z.number().int().positive(), fixedPrice: text }),
  responseTimes: z.strictObject({
    homeAreaKm: z.number().positive(),
    acuteHomeArea: text,
    acuteSurroundingTowns: text,
    quoteAfterInspection: text,
    workAfterInspection: text,
  }),
  serviceArea: z.strictObject({ radiusMeters: z.number().int().positive(), driveToMainTown: text }),
  priceRange: text,
  privacy: z.strictObject({ requestRetentionMonths: z.number().int().positive(), clientDataRetentionDays: z.number().int().positive() }),
  processors: z.strictObject({
    // `region` is what the privacy page says; `hostRegion` the provider's own name for it (README "Deploy").
    database: z.strictObject({ name: text, kind: text, region: text, hostRegion: z.string().regex(/^[a-z]+-[a-z]+-\d$/) }),
    mail: z.strictObject({ name: text, kind: text, region: text }),
  }),
  social: z.array(z.strictObject({ name: text, url: z.url() })).min(1),
  site: z.strictObject({ url: baseUrl, locale: text }),
  backend: z.strictObject({
    url: baseUrl,
    anonKey: text,
    functionName: text,
  }),
});

/** Area copy states response times as placeholders filled from business.yaml (site/_lib/copy-facts.js). */
const areaCopy = text.refine(
  (value) => !HAND_TYPED_RESPONSE_TIME.test(value),
  "a response time typed by hand: write {akut}, {tilbud} or {opstart}, filled from business.yaml's responseTimes",
);

const area = z.strictObject({
  name: text,
  postalCode: z.string().regex(/^\d{4}$/),
  region: z.literal("Sjælland").default("Sjælland"),
  distance: z.number().positive(),
  latitude,
  longitude,
  description: areaCopy,
  metaDescription: areaCopy.pipe(z.string().min(50).max(170)),
  faq: z.array(z.strictObject({ question: text, answer: areaCopy })).min(1),
});

const areas = z
  .array(area)
  .min(1)
  .transform((list) => list.map((entry) => ({ ...entry, slug: slugify(entry.name) })))
  .superRefine((list, ctx) => {
    const seen = new Set();
    list.forEach((entry, index) => {
      if (seen.has(entry.slug)) ctx.addIssue({ code: "custom", path: [index, "name"], message: `duplicate slug ${entry.slug}` });
      seen.add(entry.slug);
    });
  })
  .transform((list) =>
    list.map((entry) => ({
      ...entry,
      neighbours: neighboursOf(entry, list, NEIGHBOUR_COUNT),
    })),
  );

const serviceCard = z.strictObject({
  key: z.string().regex(/^[a-z]+$/),
  icon: text,
  title: text,
  menuLabel: text,
  menuDescription: text,
  description: text,
  path,
  features: z.array(text).min(3),
});

const review = z.strictObject({
  name: text,
  location: text,
  rating: z.literal(5),
  text,
  date: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be YYYY-MM"),
});

const link = z.strictObject({ label: text, path });

const navigation = z.strictObject({
  header: z.array(link).min(1),
  footer: z.array(link).min(1),
});

const photo = z.strictObject({ alt: text, caption: text, motif: z.enum(MOTIF_NAMES) });

/** Schema for each data file, by its base name in site/_data/. */
export const dataSchemas = {
  business,
  areas,
  services: z.array(serviceCard).min(1),
  reviews: z.array(review).min(1),
  navigation,
  photos: z.record(z.string().regex(/^[a-z0-9-]+$/), photo),
};
