// The build publishes the firm's facts the functions read (/site-facts.json, site/_lib/site-facts.js):
// the file the functions' own check accepts, holding the data files' facts, served fresh on every read.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { siteFacts } from "../../site/_lib/site-facts.js";
import { parseSiteFacts } from "../../supabase/functions/_shared/site-facts.ts";
import { DIST, areas, business, requireBuild } from "../support/site.js";

beforeAll(requireBuild);

describe("/site-facts.json", () => {
  it("is a file the functions accept, with the facts of business.yaml and areas.yaml and when it was built", async () => {
    const text = readFileSync(join(DIST, "site-facts.json"), "utf8");
    const copy = await parseSiteFacts(text);
    if (typeof copy === "string") throw new Error(`the functions refuse the build's file: ${copy}`);
    expect(copy.facts).toEqual(siteFacts(business, areas));
    expect(copy.facts.phone).toBe(business.phone.display);
    expect(copy.facts.areas).toHaveLength(areas.length);
    expect(Date.parse(copy.builtAt)).toBeLessThanOrEqual(Date.now());
  });

  it("is revalidated on every read and kept out of search engines", () => {
    const headers = readFileSync(join(DIST, "_headers"), "utf8");
    expect(headers).toMatch(/^\/site-facts\.json\n {2}X-Robots-Tag: noindex\n {2}Cache-Control: no-cache$/m);
  });
});
