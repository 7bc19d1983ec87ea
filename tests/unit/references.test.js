// `npm run check` fails on a reference that leads nowhere (dev/references.js): a link to a file that is
// not in the repository, an anchor or a named section that is not a heading of its file. Each case is
// a made-up repository of a few files, so the rules are held, not today's docs.
import { describe, expect, it } from "vitest";
import { brokenReferences, slugOf } from "../../dev/references.js";

/** @param {Record<string, string>} files */
const broken = (files) => brokenReferences({ paths: Object.keys(files), read: (path) => files[path] });

const DOCS = {
  "README.md": "# Shop\n\n## Deploy\n\nText.\n",
  "docs/deploy.md": "# Deploy\n\n## 1. The project, in one region\n\n## The `SMTP_URL` secret\n\n## Åbningstider\n\n## Notes\n\n## Notes\n",
  "api/README.md": "# api/\n\n## The HTTP contract\n",
};

describe("links in Markdown", () => {
  it("pass when the file and its heading exist, relative to the linking file", () => {
    const files = {
      ...DOCS,
      "docs/guide.md":
        "[deploy](deploy.md), [step 1](deploy.md#1-the-project-in-one-region), [up](../README.md#deploy), [here](#guide), [dir](../api/)\n\n# Guide\n",
    };
    expect(broken(files)).toEqual([]);
  });

  it("fail for a file that is not in the repository, naming the line", () => {
    const files = { ...DOCS, "docs/guide.md": "# Guide\n\nSee [design](DESIGN.md) and\n[the root](../MISSING.md).\n" };
    expect(broken(files)).toEqual([
      "docs/guide.md:3: DESIGN.md: no such file in the repository",
      "docs/guide.md:4: ../MISSING.md: no such file in the repository",
    ]);
  });

  it("fail for an anchor that is no heading of the file", () => {
    const files = { ...DOCS, "docs/guide.md": "[gone](deploy.md#the-quote-backend) [self](#nowhere)\n" };
    expect(broken(files)).toEqual([
      "docs/guide.md:1: deploy.md#the-quote-backend: docs/deploy.md has no heading #the-quote-backend",
      "docs/guide.md:1: #nowhere: docs/guide.md has no heading #nowhere",
    ]);
  });

  it("leave URLs, the site's own paths and code alone", () => {
    const files = {
      ...DOCS,
      "docs/guide.md":
        "[x](https://example.com/a.md#b) [y](/kontakt) [m](mailto:a@b.dk)\n\n```md\n[z](nowhere.md)\n```\n\n`[w](nowhere.md)`\n",
    };
    expect(broken(files)).toEqual([]);
  });

  it("take an element's id as an anchor", () => {
    const files = { "page.md": '- [Eltavle](#eltavle)\n\n<h2 id="eltavle">Ny eltavle</h2>\n' };
    expect(broken(files)).toEqual([]);
    expect(broken({ "page.md": "- [Eltavle](#eltavle)\n" })).toHaveLength(1);
  });
});

describe("GitHub's anchors", () => {
  it("drop markup and punctuation, keep letters, digits, hyphens and underscores", () => {
    expect(slugOf("1. The project, in one region")).toBe("1-the-project-in-one-region");
    expect(slugOf("The `SMTP_URL` secret")).toBe("the-smtp_url-secret");
    expect(slugOf("Åbningstider")).toBe("åbningstider");
    expect(slugOf("Configuration (secrets)")).toBe("configuration-secrets");
  });

  it("number a repeated heading", () => {
    expect(broken({ ...DOCS, "a.md": "[1](docs/deploy.md#notes) [2](docs/deploy.md#notes-1)\n" })).toEqual([]);
    expect(broken({ ...DOCS, "a.md": "[3](docs/deploy.md#notes-2)\n" })).toHaveLength(1);
  });
});

describe('a section named in words, README "Section"', () => {
  it("passes when the nearest README up the tree has that heading", () => {
    const files = { ...DOCS, "api/handler.ts": '// See README "The HTTP contract" for the contract.\nexport {};\n' };
    expect(broken(files)).toEqual([]);
  });

  it("fails when the nearest README lacks it, even if the root README has it", () => {
    const files = { ...DOCS, "api/handler.ts": 'export const a = 1; // README "Deploy"\n/**\n * README, "The quote backend".\n */\n' };
    expect(broken(files)).toEqual([
      'api/handler.ts:1: README "Deploy": api/README.md has no heading "Deploy"',
      'api/handler.ts:3: README "The quote backend": api/README.md has no heading "The quote backend"',
    ]);
  });

  it("checks a named file, a name wrapped over comment lines, and in SQL, YAML and Nunjucks comments", () => {
    const good = {
      ...DOCS,
      "lib/a.js": '// (docs/deploy.md, "1. The project,\n// in one region")\n',
      "db/b.sql": '-- docs/deploy.md "Notes"\n',
      "data/c.yaml": 'key: 1 # docs/deploy.md "Notes"\n',
      "pages/d.njk": '{# docs/deploy.md "Notes" #}\n',
      "docs/e.md": 'As `docs/deploy.md` "The SMTP_URL secret" says.\n',
    };
    expect(broken(good)).toEqual([]);
    const bad = Object.fromEntries(
      Object.entries(good).map(([path, text]) => [path, text.replace(/"(Notes|1\. The project,|The SMTP)/, '"Mail$1')]),
    );
    expect(broken(bad)).toHaveLength(5);
  });

  it("fails for a file that does not exist", () => {
    expect(broken({ ...DOCS, "a.js": '// DESIGN.md "Promises"\n' })).toEqual([
      'a.js:1: DESIGN.md "Promises": no such file in the repository',
    ]);
  });

  it("reads only comments in code: a string may quote anything", () => {
    const files = {
      ...DOCS,
      "a.js": `const text = 'see README "Nowhere"';\nconst url = "https://x.example/README.md#nowhere";\nconst b = 'a // README "Nope"';\n`,
      "b.js": '// A code example is no reference: `[x](nowhere.md)`, `README "Nowhere"`.\n',
    };
    expect(broken(files)).toEqual([]);
  });
});

describe("a path with an anchor written as text", () => {
  it("must name a heading of the file", () => {
    expect(broken({ ...DOCS, "a.md": "Timings: docs/deploy.md#notes.\n" })).toEqual([]);
    expect(broken({ ...DOCS, "a.md": "Timings: docs/deploy.md#timings.\n" })).toEqual([
      "a.md:1: docs/deploy.md#timings: docs/deploy.md has no heading #timings",
    ]);
  });
});
