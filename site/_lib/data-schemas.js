// The shape of every data file in site/_data/, checked when the build loads it, so that a wrong area or a
// missing phone number breaks the build with a readable message, not a page. Each field carries its
// Danish label and hint (zod's `.meta({ title, description })`): the CMS at /admin shows the same words
// (site/_lib/cms-config.js) and a build error names the field by them (site/_lib/content-errors.js).
// Derived values (area slugs and neighbours, the dialled phone number) are computed here, once, so
// templates never repeat them.
import { z } from "zod";
import { slugify } from "./slug.js";
import { distanceKm, neighbourTable } from "./geo.js";
import { baseLocation } from "./base-location.js";
import { HAND_TYPED_DISTANCE, HAND_TYPED_FIGURE, HAND_TYPED_PRICE, HAND_TYPED_RESPONSE_TIME } from "./copy-facts.js";
import { reviewAnchor } from "./reviews.js";

/**
 * A pattern matching text that nowhere contains `phrase` (a case-insensitive pattern): a rule the CMS
 * can check before it saves, as its pattern widgets take no flags.
 * @param {RegExp} phrase
 */
function withoutPhrase(phrase) {
  const caseless = phrase.source.replace(/\\.|\p{L}/gu, (part) =>
    part.length === 1 && part.toLowerCase() !== part.toUpperCase() ? `[${part.toLowerCase()}${part.toUpperCase()}]` : part,
  );
  return new RegExp(`^(?![\\s\\S]*(?:${caseless}))[\\s\\S]*$`);
}

/**
 * A field with its Danish label and hint, as the CMS shows them.
 * @template {import("zod").ZodType} Schema
 * @param {Schema} schema
 * @param {string} title
 * @param {string} [description]
 */
const field = (schema, title, description) => schema.meta(description ? { title, description } : { title });
/**
 * A field of several sentences: the CMS gives it a text area.
 * @template {import("zod").ZodType} Schema
 * @param {Schema} schema
 * @param {string} title
 * @param {string} [description]
 */
const longField = (schema, title, description) => schema.meta({ title, ...(description ? { description } : {}), widget: "text" });

const text = z.string().trim().min(1);
/** A year and month, "2026-11". */
const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "skal være år og måned som 2026-11");
const path = z.string().regex(/^\/[a-z0-9\-/#]*$/, "skal være en adresse på sitet, fx /ydelser/private");
// "7.30", "7:30" and "07:30" are the same time; the site stores and shows it one way.
// YAML reads an unquoted 7.30 as the number 7.3: its decimals are the minutes.
const time = z
  .preprocess((value) => (typeof value === "number" ? value.toFixed(2) : value), z.string())
  .pipe(z.string().regex(/^([01]?\d|2[0-3])[:.][0-5]\d$/, "skal være et klokkeslæt som 07:30"))
  .transform((value) => value.replace(".", ":").padStart(5, "0"));
// The file names days as schema.org does (English); a firm typing Danish day names gets the same.
const WEEKDAYS = {
  Monday: "mandag",
  Tuesday: "tirsdag",
  Wednesday: "onsdag",
  Thursday: "torsdag",
  Friday: "fredag",
  Saturday: "lørdag",
  Sunday: "søndag",
};
const weekday = z
  .string()
  .transform(
    (value) =>
      Object.entries(WEEKDAYS).find(([english, danish]) => [english.toLowerCase(), danish].includes(value.trim().toLowerCase()))?.[0] ??
      value,
  )
  .pipe(z.enum(Object.keys(WEEKDAYS), { error: () => `skal være en ugedag: ${Object.values(WEEKDAYS).join(", ")}` }));
// A calendar day as the file writes it (YAML reads an unquoted 2026-12-24 as a date): 'YYYY-MM-DD', a day that exists.
const calendarDay = z
  .preprocess((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value), z.string())
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "skal være en dato som 2026-12-24")
      // Zod checks this even after the pattern failed: a text that is no date at all must not throw.
      .refine((value) => new Date(`${value}T00:00:00Z`).toJSON()?.startsWith(value), "skal være en dato, der findes"),
  );
/** The Danish name of each schema.org day, for the CMS's choices. */
export const WEEKDAY_LABELS = WEEKDAYS;
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
/** An absolute base URL to which paths are appended: no trailing slash. */
const baseUrl = z.url().refine((url) => !url.endsWith("/"), "må ikke slutte med /");

/**
 * The phone number, written once: eight digits, spaces as you like, "+45" in front or not. What the
 * pages show (two by two) and what a call link dials are both made from it, so they always agree.
 */
export const phoneNumber = z
  .preprocess((value) => (typeof value === "number" ? String(value) : value), z.string())
  .pipe(z.string().regex(/^(\+45 ?)?(\d ?){7}\d$/, "skal være et dansk telefonnummer med 8 cifre, fx 12 34 56 78"))
  .transform((value) => value.replace(/\s/g, "").replace(/^\+45/, ""))
  .transform((digits) => ({ display: digits.replace(/(\d\d)(?=\d)/g, "$1 "), e164: `+45${digits}` }));

/** How many neighbouring areas an area page links to (docs/product.md#pages: "several"). */
export const NEIGHBOUR_COUNT = 4;
/** How many questions and answers an area page shows (docs/product.md#pages: five FAQ items per area page). */
export const FAQ_COUNT = 5;
/** How many prices the home page shows, those customers ask about most (prices.yaml's `popular`). */
export const POPULAR_PRICES = 3;
/** How many reviews the home page shows, the newest (docs/product.md#business-constants-and-timings: six, three columns); /anmeldelser shows them all. */
export const HOME_REVIEW_COUNT = 6;

/**
 * The switch on each entry the project ships as an example (prices, jobs, reviews): the firm's real
 * figures and customers are not public, so the site ships invented ones, and the build says how many are
 * left until the firm has written its own (site/_lib/examples.js).
 */
const example = field(
  z.boolean().optional(),
  "Eksempel",
  "Slået til: skrevet af os som eksempel, ikke jeres egen. Skriv jeres egen, og slå det fra, før siden går i luften",
);

const hours = (/** @type {string} */ title, /** @type {string} */ description) =>
  field(
    z.strictObject({
      name: field(text, "Navn", "Sådan kaldes tiderne på siden, fx Arbejdstid"),
      label: field(text, "Dage i tekst", "Som det skal stå på siden, fx mandag–fredag"),
      opens: field(time, "Fra kl.", "Klokkeslæt som 07:30"),
      closes: field(time, "Til kl.", "Klokkeslæt som 17:00"),
    }),
    title,
    description,
  );

const business = z.strictObject({
  brand: field(text, "Firmanavn", "Navnet, kunderne kender jer under"),
  tagline: field(text, "Undertitel"),
  phone: field(phoneNumber, "Telefonnummer", "8 cifre, fx 12 34 56 78. Siden viser det og ringer op til det samme nummer."),
  email: field(z.email("skal være en e-mailadresse, fx kontakt@firma.dk"), "E-mail"),
  address: field(
    z.strictObject({
      street: field(text, "Vej og nummer"),
      postalCode: field(z.string().regex(/^\d{4}$/, "skal være fire cifre, fx 4682"), "Postnummer"),
      town: field(text, "By"),
      country: field(z.literal("DK"), "Land"),
    }),
    "Adresse",
  ),
  identity: field(
    z
      .strictObject({
        legalName: field(text, "Juridisk navn", "Som i CVR-registret, fx Eksempel El ApS"),
        cvr: field(z.string().regex(/^\d{8}$/, "skal være de otte cifre i CVR-nummeret"), "CVR-nummer"),
        authorisation: field(
          z.strictObject({
            number: field(z.string().regex(/^\d+$/, "skal være cifre"), "Autorisationsnummer"),
            authority: field(text, "Udstedt af"),
            registerUrl: field(
              z
                .url("skal være en webadresse, fx https://www.sik.dk/…")
                .refine((url) => /^https:\/\/([a-z0-9-]+\.)*sik\.dk\//.test(url), "skal være en adresse hos Sikkerhedsstyrelsen (sik.dk)"),
              "Link til Sikkerhedsstyrelsens register",
              "Adressen på jeres side i Sikkerhedsstyrelsens register over autoriserede virksomheder; autorisationsnummeret linker dertil",
            ),
          }),
          "Autorisation",
        ),
        owner: field(z.strictObject({ name: field(text, "Navn"), role: field(text, "Titel") }), "Ejer"),
        insurance: field(
          z.strictObject({
            company: field(text, "Forsikringsselskab", "Fx Eksempel Forsikring A/S"),
            kind: field(text, "Forsikring", "Fx Erhvervs- og produktansvarsforsikring"),
            coverage: field(text.optional(), "Dækning", "Fx 10 mio. kr. pr. skade (kan udelades)"),
          }),
          "Ansvarsforsikring",
        ),
        guaranteeScheme: field(
          z
            .strictObject({
              name: field(text, "Ordningens navn", "Fx Installatørernes Garantiordning"),
              organisation: field(text, "Hos", "Fx TEKNIQ Installatørernes Organisation"),
              url: field(z.url("skal være en webadresse"), "Link til ordningen"),
            })
            .optional(),
          "Garantiordning",
          "Kun hvis firmaet er medlem: vises så på siden",
        ),
      })
      // Where anyone can check the CVR number: the public register's page of the company.
      .transform((identity) => ({ ...identity, cvrUrl: `https://datacvr.virk.dk/enhed/virksomhed/${identity.cvr}` })),
    "Virksomheden",
  ),
  geo: field(
    z.strictObject({ latitude: field(latitude, "Breddegrad", "Fx 55.3567"), longitude: field(longitude, "Længdegrad", "Fx 12.0861") }),
    "Placering på kortet",
  ),
  // docs/product.md#who-it-is-for, #business-constants-and-timings give two readings of the hours; both are kept, each where it applies.
  hours: field(
    z.strictObject({
      workdays: hours("Arbejdstid", "Når vi er ude hos kunderne"),
      phone: field(
        z.strictObject({
          name: field(text, "Navn", "Sådan kaldes tiderne på siden, fx Telefontid"),
          days: field(z.array(weekday).min(1, "vælg mindst én dag"), "Dage", "De dage telefonen passes (bruges af Google)"),
          label: field(text, "Dage i tekst", "Som det skal stå på siden, fx mandag–fredag"),
          opens: field(time, "Fra kl.", "Klokkeslæt som 08:00"),
          closes: field(time, "Til kl.", "Klokkeslæt som 17:00"),
        }),
        "Telefontid",
        "Når telefonen passes; også åbningstiderne hos Google",
      ),
      // The header's "Åben nu" reads these with the phone's days (widgets/open-now/).
      closedDays: field(
        z.array(
          z.strictObject({
            date: field(calendarDay, "Dato", "Fx 2026-12-24"),
            name: field(text, "Hvorfor", "Fx Juleaftensdag"),
          }),
        ),
        "Lukkedage",
        "Dage telefonen ikke passes, selvom det er en hverdag (helligdage, ferie)",
      ),
      emergency: field(text, "Døgnvagt", "Fx Døgnvagt 24/7 ved akutte fejl"),
    }),
    "Åbningstider",
  ),
  // The free inspections of /besigtigelse: the booking backend reads them from /site-facts.json
  // (site/_lib/site-facts.js; supabase/functions/_shared/booking-slots.ts computes the free times).
  inspections: field(
    z
      .strictObject({
        days: field(z.array(weekday).min(1, "vælg mindst én dag"), "Dage", "De dage, vi tilbyder besigtigelser"),
        opens: field(time, "Første tid kl.", "Klokkeslæt som 08:00"),
        closes: field(time, "Sidste besigtigelse slut kl.", "Klokkeslæt som 15:00"),
        durationMinutes: field(z.number().int().min(15).max(480), "Varighed (minutter)", "Så lang tid en besigtigelse tager"),
        perDay: field(z.number().int().min(1).max(20), "Højst pr. dag", "Så mange besigtigelser kan bookes samme dag"),
        noticeDays: field(
          z.number().int().min(0).max(30),
          "Tidligst om (dage)",
          "0: samme dag; 1: tidligst i morgen; 2: tidligst i overmorgen",
        ),
        bufferMinutes: field(z.number().int().min(0).max(120), "Luft før og efter (minutter)", "Ud over køretiden"),
        kmPerHour: field(z.number().int().min(10).max(120), "Kørsel (km/t i snit)", "Køretiden regnes ud fra afstanden"),
        reminderSms: field(z.boolean(), "Påmindelse på SMS", "Kunden får også en SMS dagen før (tæller med i dagens SMS-loft)"),
      })
      .refine((value) => value.opens < value.closes, { message: "første tid skal være før sidste", path: ["closes"] }),
    "Besigtigelser",
    "Gratis besigtigelser, som kunden selv booker på /besigtigelse",
  ),
  figures: field(
    z.strictObject({
      rating: field(z.number().min(1).max(5), "Bedømmelse på Google", "Et tal fra 1 til 5, fx 4.9"),
      ratingCount: field(z.number().int().positive(), "Antal anmeldelser på Google"),
      ratingDate: field(yearMonth, "Tal fra Google pr.", "År og måned, hvor bedømmelse og antal sidst er talt op, fx 2026-11"),
      bestRating: field(z.number().int(), "Bedste karakter"),
      worstRating: field(z.number().int(), "Laveste karakter"),
      yearsExperience: field(z.number().int().positive(), "Års erfaring"),
      projects: field(
        z.number().int().positive(),
        "Løste opgaver",
        "Alle opgaver i alt, også events; siden skriver »mere end 500 opgaver«",
      ),
      authorisedPercent: field(z.number().int().min(0).max(100), "Procent autoriseret arbejde"),
    }),
    "Tal om firmaet",
  ),
  googleProfile: field(
    z.url("skal være en webadresse, fx https://g.page/…"),
    "Google-profil",
    "Adressen på jeres Google-profil med anmeldelserne; stjernerne på siden linker dertil",
  ),
  guarantees: field(
    z.strictObject({
      warrantyYears: field(z.number().int().positive(), "Års garanti"),
      fixedPrice: field(text, "Fast pris", "Løftet i få ord, fx Fast pris på planlagt arbejde"),
      fixedPriceWhen: field(
        text,
        "Hvornår prisen er fast",
        "Står ved alle prislister, fx Planlagt arbejde får en fast pris efter en gratis besigtigelse …",
      ),
      hourlyWhen: field(
        text,
        "Hvornår der betales timepris",
        "Står ved alle prislister, fx Fejlfinding og akutte udkald betaler du efter timepris …",
      ),
    }),
    "Garantier",
  ),
  responseTimes: field(
    z.strictObject({
      homeAreaKm: field(z.number().positive(), "Nærområde (km)", "Byer højst så langt væk får løftet om akut hjælp inden for timer"),
      acuteHomeArea: field(text, "Akut i nærområdet", "Fx typisk inden for 2–4 timer"),
      acuteSurroundingTowns: field(text, "Akut længere væk", "Fx samme eller næste hverdag"),
      quoteAfterInspection: field(text, "Tilbud efter besigtigelse", "Fx typisk inden for 24 timer"),
      workAfterInspection: field(text, "Opstart efter besigtigelse", "Fx inden for 3–5 hverdage"),
    }),
    "Svartider",
  ),
  serviceArea: field(
    z.strictObject({
      radiusMeters: field(z.number().int().positive(), "Område (meter fra basen)"),
      driveToMainTown: field(text, "Køretid til største by"),
    }),
    "Område",
  ),
  priceRange: field(text, "Prisniveau", "Som Google viser det, fx $$"),
  privacy: field(
    z.strictObject({
      requestRetentionMonths: field(
        z.number().int().positive(),
        "Opbevaring af forespørgsler (måneder)",
        "Privatlivspolitikken lover det, og databasen sletter efter det: se docs/editing.md, før du ændrer det",
      ),
      clientDataRetentionDays: field(z.number().int().positive(), "Opbevaring af IP-data (dage)"),
      sendReceipt: field(
        z.boolean(),
        "Send kvittering til kunden",
        "En kort e-mail til kunden om, at forespørgslen er modtaget; privatlivspolitikken fortæller om den. Se docs/editing.md, før du ændrer det",
      ),
    }),
    "Privatliv",
  ),
  processors: field(
    z.strictObject({
      // `region` is what the privacy page says; `hostRegion` the provider's own name for it (docs/deploy.md,
      // "1. The Supabase project, in the region the privacy page names").
      database: field(
        z.strictObject({
          name: field(text, "Navn"),
          kind: field(text, "Slags"),
          region: field(text, "Land og by"),
          hostRegion: field(
            z.string().regex(/^[a-z]+-[a-z]+-\d$/, "skal være udbyderens regionsnavn, fx eu-central-1"),
            "Region hos udbyderen",
          ),
        }),
        "Database",
      ),
      mail: field(z.strictObject({ name: field(text, "Navn"), kind: field(text, "Slags"), region: field(text, "Land") }), "E-mail"),
      // Only when the function sends the firm an SMS for each lead (its SMS_* secrets): the provider then
      // receives the name, town and phone number, and the privacy page names it.
      sms: field(
        z.strictObject({ name: field(text, "Navn"), kind: field(text, "Slags"), region: field(text, "Land") }).optional(),
        "SMS",
        "Kun hvis I får en SMS for hver forespørgsel: udbyderen, fx GatewayAPI",
      ),
    }),
    "Databehandlere",
  ),
  social: field(
    z.array(z.strictObject({ name: field(text, "Navn", "Fx Facebook"), url: field(z.url("skal være en webadresse"), "Adresse") })).min(1),
    "Sociale medier",
  ),
  site: field(
    z.strictObject({ url: field(baseUrl, "Sitets adresse", "Uden / til sidst, fx https://www.firma.dk"), locale: field(text, "Sprog") }),
    "Sitet",
  ),
  backend: field(
    z.strictObject({
      url: field(baseUrl, "Supabase-projektets adresse"),
      anonKey: field(text, "Offentlig nøgle (anon key)"),
      functionName: field(text, "Funktionens navn"),
    }),
    "Formularens modtager",
  ),
});

/** Area copy states response times and the town's distance as placeholders filled by the build (site/_lib/copy-facts.js). */
const AREA_COPY_RULE = "svartider skrives ikke i teksten: skriv {akut}, {tilbud} eller {opstart}, så bruges tiderne fra Firmaoplysninger";
const DISTANCE_RULE = "afstanden skrives ikke i teksten: skriv {afstand}, så regner siden den ud fra byens og jeres placering";
const PRICE_RULE = "priser skrives ikke i teksten: skriv {pris:titlen på prisen}, fx {pris:Ny eltavle}, så hentes prisen fra Priser";
const FIGURE_RULE = "firmaets tal skrives ikke i teksten: skriv {garanti}, {erfaring} eller {opgaver}, så hentes de fra Firmaoplysninger";
const areaCopy = text
  .regex(withoutPhrase(HAND_TYPED_RESPONSE_TIME), AREA_COPY_RULE)
  .regex(withoutPhrase(HAND_TYPED_DISTANCE), DISTANCE_RULE)
  .regex(withoutPhrase(HAND_TYPED_PRICE), PRICE_RULE)
  .regex(withoutPhrase(HAND_TYPED_FIGURE), FIGURE_RULE);
const COPY_HINT =
  "Svartider skrives som {akut}, {tilbud} eller {opstart}, afstanden fra basen som {afstand}, en pris som {pris:Ny eltavle}";

const area = z.strictObject({
  name: field(text, "By"),
  postalCode: field(z.string().regex(/^\d{4}$/, "skal være fire cifre, fx 4600"), "Postnummer"),
  region: field(z.literal("Sjælland").default("Sjælland"), "Region"),
  latitude: field(latitude, "Breddegrad", "Fra et kort, fx 55.4580"),
  longitude: field(longitude, "Længdegrad", "Fra et kort, fx 12.1821"),
  description: longField(areaCopy, "Beskrivelse", COPY_HINT),
  metaDescription: longField(areaCopy.pipe(z.string().min(50).max(170)), "Tekst til Google", "50–170 tegn"),
  faq: field(
    z
      .array(z.strictObject({ question: field(text, "Spørgsmål"), answer: longField(areaCopy, "Svar", COPY_HINT) }))
      .length(FAQ_COUNT, `skal have præcis ${FAQ_COUNT} spørgsmål med svar`),
    "Spørgsmål og svar",
    `Præcis ${FAQ_COUNT}: byens side viser fem`,
  ),
});

const areas = field(
  z
    .array(area)
    .min(1)
    .transform((list) => list.map((entry) => ({ ...entry, slug: slugify(entry.name) })))
    .superRefine((list, ctx) => {
      const seen = new Set();
      list.forEach((entry, index) => {
        if (seen.has(entry.slug))
          ctx.addIssue({ code: "custom", path: [index, "name"], message: `findes allerede (adressen /omraader/${entry.slug})` });
        seen.add(entry.slug);
      });
    })
    // Each town's distance from the base, measured from the coordinates (as the crow flies), never typed:
    // `distance` in whole kilometres, at least 1, as the pages say it; `distanceExact` orders the towns.
    .transform((list, ctx) => {
      const base = baseLocation();
      if (!base) {
        ctx.addIssue({
          code: "custom",
          message: "afstandene kan ikke regnes ud: skriv firmaets placering under Firmaoplysninger → Placering på kortet",
        });
        return z.NEVER;
      }
      return list.map((entry) => {
        const distanceExact = distanceKm(base, entry);
        return { ...entry, distance: Math.max(1, Math.round(distanceExact)), distanceExact };
      });
    })
    .transform((list) => {
      // All at once: asked town by town, 1 600 towns would measure every pair of them.
      const table = neighbourTable(list, NEIGHBOUR_COUNT);
      return list.map((entry, index) => ({ ...entry, neighbours: table[index] }));
    }),
  "Områder",
  "Byerne, der hver får en side under /omraader",
);

const serviceCard = z.strictObject({
  key: field(z.string().regex(/^[a-z]+$/, "skal være små bogstaver a–z"), "Nøgle"),
  icon: field(text, "Ikon"),
  title: field(text, "Titel"),
  menuLabel: field(text, "Navn i menuen"),
  menuDescription: field(text, "Linje i menuen"),
  description: longField(text, "Beskrivelse"),
  path: field(path, "Side", "Fx /ydelser/private"),
  features: field(z.array(text).min(3, "skriv mindst 3 punkter"), "Punkter", "Mindst 3"),
});

const serviceKey = z.string().regex(/^[a-z]+$/, "skal være nøglen på en ydelse, fx private eller energi");

// docs/product.md, "Prices": "fra"-prices, with moms for private customers (markedsføringsloven § 13).
const price = z
  .strictObject({
    title: field(text, "Opgave", "Fx Ny eltavle"),
    example,
    service: field(serviceKey, "Vises på ydelsen", "Nøglen på ydelsen: private, erhverv, event eller energi"),
    customer: field(z.enum(["privat", "erhverv"]), "Kunde"),
    role: field(
      z.enum(["fremmoede", "timepris", "doegnvagt"]).optional(),
      "Bruges også i teksten som",
      "Fremmøde, timepris eller døgnvagtstillæg: teksten andre steder henter prisen herfra",
    ),
    from: field(z.number().int().positive(), "Fra-pris i kr.", "Hele kroner, fx 4500"),
    exact: field(
      z.boolean().optional(),
      "Præcis pris",
      "Slået til: prisen er præcis, ikke en fra-pris (siden skriver den uden »fra«). Timeprisen skal være præcis",
    ),
    popular: field(
      z.boolean().optional(),
      "På forsiden",
      `Slået til: en af de priser, kunderne oftest spørger om; forsiden viser dem (højst ${POPULAR_PRICES})`,
    ),
    unit: field(text.optional(), "Pr.", "Fx pr. time eller pr. spot (kan udelades)"),
    vat: field(z.enum(["inkl", "ekskl"]), "Moms", "inkl eller ekskl; priser til private skal være inkl. moms"),
    deduction: field(z.boolean().optional(), "Giver håndværkerfradrag", "Kun hvis arbejdet står på Skattestyrelsens liste"),
    includes: longField(text, "Det er med i prisen"),
    extras: longField(text, "Det kan gøre den dyrere"),
  })
  .refine((entry) => entry.customer === "erhverv" || entry.vat === "inkl", {
    path: ["vat"],
    message: "priser til private skal være inkl. moms (markedsføringsloven § 13): skriv inkl, eller vælg kunde erhverv",
  })
  // One exact figure for an hour's work, so a customer can check the bill against it.
  .refine((entry) => entry.role !== "timepris" || entry.exact === true, {
    path: ["exact"],
    message: "timeprisen skal være én præcis pris, ikke en fra-pris: slå Præcis pris til",
  });

const prices = z
  .strictObject({
    items: field(z.array(price).min(1), "Priser"),
    deduction: field(
      z.strictObject({
        year: field(z.number().int().min(2025), "År", "Året, reglerne og beløbet gælder for"),
        maxPerPerson: field(z.number().int().positive(), "Højst pr. person (kr.)", "Fx 9000, som Skattestyrelsen oplyser det for året"),
        source: field(text, "Kilde", "Fx Skattestyrelsen"),
        sourceUrl: field(z.url("skal være en webadresse"), "Link til kilden"),
        checked: field(yearMonth, "Tjekket", "År og måned, fx 2026-11"),
      }),
      "Håndværkerfradrag",
    ),
  })
  .superRefine((file, ctx) => {
    const roles = new Map();
    file.items.forEach((entry, index) => {
      if (!entry.role) return;
      if (roles.has(entry.role))
        ctx.addIssue({
          code: "custom",
          path: ["items", index, "role"],
          message: `bruges allerede af "${roles.get(entry.role)}": højst én pris pr. rolle`,
        });
      roles.set(entry.role, entry.title);
    });
    const popular = file.items.filter((entry) => entry.popular);
    if (popular.length > POPULAR_PRICES)
      ctx.addIssue({
        code: "custom",
        path: ["items", file.items.indexOf(popular[POPULAR_PRICES]), "popular"],
        message: `forsiden viser højst ${POPULAR_PRICES} priser: slå På forsiden fra på en af ${popular.map((entry) => `"${entry.title}"`).join(", ")}`,
      });
  });

const job = z.strictObject({
  title: field(text, "Overskrift", "Hvad der blev lavet, fx Ny eltavle i et byhus fra 1890"),
  example,
  town: field(text, "By", "Skal være en by under Områder"),
  service: field(serviceKey, "Ydelse", "Nøglen på ydelsen: private, erhverv, event eller energi"),
  year: field(z.number().int().min(1990).max(2100), "År"),
  photo: field(
    z.string().regex(/^[a-z0-9-]+$/, "skal være navnet på et foto under Fotos, fx eltavle"),
    "Foto",
    "Navnet på et foto under Fotos",
  ),
  text: longField(text, "Sådan gik det", "Huset, fejlen og hvad vi gjorde, i få sætninger"),
  price: field(
    z.number().int().positive().optional(),
    "Pris i alt (kr. inkl. moms)",
    "Hvad kunden betalte for opgaven, inkl. moms, i hele kroner, fx 11900 (kan udelades)",
  ),
  quote: longField(text.optional(), "Kundens ord", "Kun med kundens tilladelse (kan udelades)"),
  quoteBy: field(text.optional(), "Kundens navn og by", "Fx Sofie, Køge"),
});

const review = z.strictObject({
  name: field(text, "Kundens navn"),
  example,
  location: field(text, "By", "Står byen som et område, vises anmeldelsen også på byens side"),
  rating: field(z.literal(5, "kun anmeldelser med 5 stjerner vises"), "Stjerner"),
  text: longField(text, "Anmeldelse"),
  date: field(yearMonth, "Måned", "År og måned, fx 2024-09"),
});

const link = z.strictObject({ label: field(text, "Tekst"), path: field(path, "Side") });

const navigation = z.strictObject({
  header: field(z.array(link).min(1), "Menuen øverst", "På store skærme i linjen øverst, på telefonen under knappen Menu"),
  menuOnly: field(z.array(link), "Kun under knappen Menu", "Sider, der også står i bunden, men ikke er plads til i linjen øverst"),
  footer: field(z.array(link).min(1), "Links i bunden"),
});

/** The photo file formats the build can read (any case of the extension). */
export const PHOTO_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "avif"];

const photo = z.strictObject({
  file: field(
    z
      .string()
      .regex(
        new RegExp(`^[^/]*(/[^/]+)*\\.(${PHOTO_EXTENSIONS.join("|")})$`, "i"),
        `skal være et foto i formatet ${PHOTO_EXTENSIONS.join(", ")}`,
      )
      .optional(),
    "Foto",
    "JPEG, PNG, WebP eller AVIF. Et iPhone-foto (HEIC) skal først gemmes som JPEG.",
  ),
  alt: field(text.optional(), "Beskrivelse af billedet", "Hvad fotoet viser, til blinde og til Google; skal udfyldes, når der er et foto"),
  caption: field(text, "Billedtekst"),
});

/** Schema for each data file, by its base name in site/_data/. */
export const dataSchemas = {
  business: field(business, "Firmaoplysninger"),
  areas,
  services: field(z.array(serviceCard).min(1), "Ydelser"),
  // Newest first everywhere (a stable sort keeps the file's order within a month).
  reviews: field(
    z
      .array(review)
      .min(1)
      // Each review has its own address on /anmeldelser, made from the customer and the month: two whose
      // addresses are alike ("Søren" and "Soren" in the same month) cannot both have one.
      .superRefine((list, context) =>
        list.forEach((entry, index) => {
          if (list.findIndex((other) => reviewAnchor(other) === reviewAnchor(entry)) < index)
            context.addIssue({
              code: "custom",
              path: [index, "date"],
              message: "kunden har allerede en anmeldelse fra samme måned (skriv den rigtige måned, eller slet den ene)",
            });
        }),
      )
      .transform((list) => list.toSorted((a, b) => b.date.localeCompare(a.date))),
    "Anmeldelser",
  ),
  navigation: field(navigation, "Menuer"),
  photos: field(z.record(z.string().regex(/^[a-z0-9-]+$/), photo), "Fotos"),
  prices: field(prices, "Priser"),
  jobs: field(z.array(job), "Udførte opgaver"),
};

/** How a build error and the CMS name one entry of a list file: by this field, not by its position. */
export const ENTRY_NAME = {
  closedDays: "name",
  areas: "name",
  reviews: "name",
  services: "title",
  social: "name",
  header: "label",
  footer: "label",
  items: "title",
  jobs: "title",
};
