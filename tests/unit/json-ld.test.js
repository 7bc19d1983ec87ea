import { describe, expect, it } from "vitest";
import { jsonLd } from "../../site/_lib/format.js";
import { breadcrumbTrail } from "../../site/_lib/breadcrumbs.js";
import { cleanUrl } from "../../site/_lib/urls.js";

describe("JSON-LD printing and page addresses", () => {
  it("escapes < so a value can never close the script element", () => {
    const printed = jsonLd({ name: "</script><script>alert(1)</script>" });
    expect(printed).not.toContain("<");
    expect(JSON.parse(printed).name).toBe("</script><script>alert(1)</script>");
  });

  it("serves pages without .html and without trailing slash", () => {
    expect(cleanUrl("/index.html")).toBe("/");
    expect(cleanUrl("/ydelser/private.html")).toBe("/ydelser/private");
    expect(cleanUrl("/omraader/koge.html")).toBe("/omraader/koge");
  });

  it("builds the breadcrumb trail from Forside to the current page", () => {
    expect(breadcrumbTrail([{ label: "Ydelser", path: "/ydelser" }, { label: "Private" }], "/ydelser/private")).toEqual([
      { label: "Forside", path: "/" },
      { label: "Ydelser", path: "/ydelser" },
      { label: "Private", path: "/ydelser/private" },
    ]);
    expect(breadcrumbTrail(undefined, "/")).toEqual([{ label: "Forside", path: "/" }]);
  });
});
