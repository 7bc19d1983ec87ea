// The form's length limits live in supabase/functions/_shared/quote-rules.json and, as the last line of
// defence, in the table's CHECK constraints: this test ties the two, so changing one without the other
// fails here instead of as a 500 with a lost lead.
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import rules from "../../supabase/functions/_shared/quote-rules.json" with { type: "json" };

const MIGRATIONS = new URL("../../supabase/migrations/", import.meta.url);
const sql = readdirSync(MIGRATIONS)
  .filter((name) => name.endsWith(".sql"))
  .sort()
  .map((name) => readFileSync(new URL(name, MIGRATIONS), "utf8"))
  .join("\n");

/** The last `char_length(column) between a and b` the migrations state for a column. */
function checkedRange(column) {
  const matches = [...sql.matchAll(new RegExp(`char_length\\(${column}\\) between (\\d+) and (\\d+)`, "g"))];
  const last = matches.at(-1);
  return last ? { min: Number(last[1]), max: Number(last[2]) } : null;
}

describe("the quote rules and the database", () => {
  for (const field of ["name", "phone", "email", "location", "message"]) {
    it(`agree on the length of ${field}`, () => {
      expect(checkedRange(field), `a CHECK on char_length(${field}) in supabase/migrations/`).toEqual({
        min: rules[field].min,
        max: rules[field].max,
      });
    });
  }
});
