// The CMS's configuration is derived from the data files' zod schemas (site/_lib/cms-config.js): it edits
// every data file, accepts everything the files hold today, and refuses before saving what the build
// would refuse, where a field's rule can be checked in the form.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cmsConfig } from "../../site/_lib/cms-config.js";
import { dataSchemas } from "../../site/_lib/data-schemas.js";
import { DATA_DIR, loadData } from "../../site/_lib/load-data.js";
import { rulesOf } from "../../site/_lib/schema-walk.js";
import YAML from "yaml";
import { readFileSync } from "node:fs";

const config = cmsConfig({
  backendUrl: "http://localhost:8081/api/v1",
  siteUrl: "https://www.elektriker.example",
  branch: "main",
  photoSlots: loadData("photos"),
  photoPages: new Map(),
});
/** @returns {any} the collection of one data file */
const collectionOf = (config, name) => config.collections.find((collection) => collection.name === name);
const raw = (name) => YAML.parse(readFileSync(`${DATA_DIR}${name}.yaml`, "utf8"));
/** The config's fields of one data file, with the file's data as the CMS reads it. */
const fileOf = (name) => {
  const collection = collectionOf(config, name);
  return { fields: collection.files[0].fields, data: collection.format === "yaml-list" ? { items: raw(name) } : raw(name) };
};
/** Every (field, value) pair of a file's data, through objects and lists. */
function* pairs(fields, data) {
  for (const field of fields) {
    const value = data?.[field.name];
    if (value === undefined) continue;
    if (field.widget === "object") yield* pairs(field.fields, value);
    else if (field.widget === "list" && field.fields) for (const item of value) yield* pairs(field.fields, item);
    else if (field.widget === "list" && field.field) for (const item of value) yield [field.field, item];
    else yield [field, value];
  }
}
const accepts = (field, value) => !field.pattern || new RegExp(field.pattern[0]).test(String(value));
/** The field of a file by its path of names. */
const fieldAt = (name, ...path) =>
  path.reduce((fields, key, index) => {
    const found = fields.find((field) => field.name === key);
    return index === path.length - 1 ? found : (found.fields ?? found.field);
  }, fileOf(name).fields);

describe("the CMS's configuration", () => {
  it("edits every data file, each under its Danish name", () => {
    const files = readdirSync(DATA_DIR).filter((name) => name.endsWith(".yaml"));
    expect(config.collections.map((collection) => collection.files[0].file).sort()).toEqual(
      files.map((name) => `site/_data/${name}`).sort(),
    );
    for (const collection of config.collections) expect(collection.label, collection.name).toMatch(/^[A-ZÆØÅ][a-zæøå]+/);
  });

  it("accepts every value the data files hold today", () => {
    for (const name of Object.keys(dataSchemas)) {
      const { fields, data } = fileOf(name);
      for (const [field, value] of pairs(fields, data)) expect(accepts(field, value), `${name}: ${field.label} = ${value}`).toBe(true);
    }
  });

  // A yes-or-no field once showed as a text box: a save would have written the words "true" or "false".
  it("shows every yes-or-no field of the data as a switch, in every file", () => {
    const switches = [];
    for (const name of Object.keys(dataSchemas)) {
      const { fields, data } = fileOf(name);
      for (const [field, value] of pairs(fields, data)) {
        if (typeof value !== "boolean") continue;
        expect(field.widget, `${name}: ${field.label}`).toBe("boolean");
        switches.push(field.label);
      }
    }
    expect(switches.length).toBeGreaterThan(0);
  });

  it("refuses in the form what the build refuses: the phone number, a time, a postal code, a response time typed by hand", () => {
    const cases = [
      [
        fieldAt("business", "phone"),
        dataSchemas.business.shape.phone,
        ["12 34 56 78", "+45 12345678", "12 34 56 7", "+46 12 34 56 78", "12-34-56-78"],
      ],
      [
        fieldAt("business", "hours", "phone", "opens"),
        dataSchemas.business.shape.hours.shape.phone.shape.opens,
        ["07:30", "7.30", "25:00", "7"],
      ],
      [fieldAt("areas", "items", "postalCode"), null, ["4683", "468", "46830"]],
      [
        fieldAt("areas", "items", "description"),
        null,
        ["Vi kommer {akut}.", "Vi kommer inden for 2–4 timer.", "Vi kommer samme eller Næste hverdag."],
      ],
    ];
    const areaField = (key) => rulesOf(dataSchemas.areas).node._zod.def.element.shape[key];
    for (const [field, schema, samples] of cases) {
      const zod = schema ?? areaField(field.name);
      for (const sample of samples) expect(accepts(field, sample), `${field.label}: ${sample}`).toBe(zod.safeParse(sample).success);
    }
  });

  it("asks for exactly the five questions and answers an area page shows, and offers days by their Danish names", () => {
    expect(fieldAt("areas", "items", "faq")).toMatchObject({ widget: "list", min: 5, max: 5 });
    expect(fieldAt("business", "hours", "phone", "days").options[0]).toEqual({ label: "mandag", value: "Monday" });
  });

  it("uploads photos into the photo folder and says under each slot which pages show it", () => {
    expect(config).toMatchObject({ media_folder: "site/images/photos", public_folder: "/images/photos" });
    const withPages = cmsConfig({
      ...config,
      backendUrl: "",
      siteUrl: "https://www.elektriker.example",
      branch: "main",
      photoSlots: loadData("photos"),
      photoPages: new Map([["eltavle", new Set(["/om-os", "/"])]]),
    });
    const slot = collectionOf(withPages, "photos").files[0].fields.find((field) => field.name === "eltavle");
    expect(slot.hint).toBe("Vises på /, /om-os");
    expect(slot.fields.find((field) => field.name === "file")).toMatchObject({ widget: "image", required: false });
  });
});
