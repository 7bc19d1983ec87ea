// `npm run check` fails on a reference that leads nowhere (dev/references.js): a link, a path or a bare
// Markdown name that is not in the repository, an anchor or a named section that is not a heading of its
// file. Each case is a made-up repository of a few files, so the rules are held, not today's docs.
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

  it("is found in each way the tree words it, in a comment and in Markdown", () => {
    const phrasings = [
      'README "X"',
      'README, "X"',
      `README's "X" section`,
      'README section "X"',
      'the README ("X")',
      'README.md, "X"',
      `docs/deploy.md's "X" section`,
      'docs/deploy.md, section "X"',
      'docs/deploy.md ("X")',
    ];
    for (const phrasing of phrasings) {
      const heading = phrasing.includes("docs/") ? "Notes" : "Deploy";
      for (const [path, prefix] of [
        ["a.js", "// "],
        ["a.md", ""],
      ]) {
        expect(broken({ ...DOCS, [path]: `${prefix}See ${phrasing.replace("X", heading)}.\n` }), phrasing).toEqual([]);
        expect(broken({ ...DOCS, [path]: `${prefix}See ${phrasing.replace("X", "Mail")}.\n` }), phrasing).toHaveLength(1);
      }
    }
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

describe("a path named in prose or a comment", () => {
  const CODE = {
    ...DOCS,
    "site/_lib/slug.js": "export {};\n",
    "supabase/functions/_shared/store.ts": "export {};\n",
    "dev/local/stack.js": "export {};\n",
  };
  it("passes when the file or folder exists, from the referrer's folder or the root", () => {
    const mentions = [
      "site/_lib/slug.js",
      "supabase/functions/_shared/store.ts",
      "../_shared/store.ts",
      "./store.ts",
      "dev/local/",
      "dev/local",
      "docs/deploy.md#notes",
      'docs/deploy.md "Notes"',
      "site/_lib/slug.js#slugify",
    ];
    expect(broken({ ...CODE, "supabase/functions/_shared/a.ts": `// See ${mentions.join(", ")}.\n` })).toEqual([]);
  });

  it("fails when the file, folder, anchor or section is missing", () => {
    for (const mention of [
      "site/_lib/slugs.js",
      "supabase/functions/_shared/stores.ts",
      "dev/locals/",
      "docs/deploy.md#timings",
      'docs/deploy.md, "Timings"',
    ]) {
      expect(broken({ ...CODE, "widgets/a.tsx": `/** Rules: ${mention}. */\n` }), mention).toHaveLength(1);
    }
    expect(broken({ ...CODE, "supabase/functions/b/c.ts": "// ../_shared/gone.ts\n" })).toEqual([
      "supabase/functions/b/c.ts:1: ../_shared/gone.ts: no such file in the repository",
    ]);
  });

  it("reads a path beside the referrer without its folder's name: `_lib/slug.js` in site/", () => {
    expect(broken({ ...CODE, "site/README.md": "`_lib/slug.js` turns a name into a slug.\n" })).toEqual([]);
    expect(broken({ ...CODE, "site/README.md": "`_lib/slugs.js` turns a name into a slug.\n" })).toHaveLength(1);
  });

  it("is read in Markdown, in the comments of JS, TS, TSX, CSS, SQL, YAML, TOML, Nunjucks, HTML and shell, and in JSON strings", () => {
    const files = {
      "a.md": "See `dev/local/stack.js`.\n",
      "a.js": "// dev/local/stack.js\n",
      "a.mjs": "/* dev/local/stack.js */\n",
      "a.ts": "/** dev/local/stack.js */\n",
      "a.tsx": "// dev/local/stack.js\n",
      "a.css": ".a { color: red; } /* dev/local/stack.js */\n",
      "a.sql": "-- dev/local/stack.js\n",
      "a.yaml": "# dev/local/stack.js\n",
      "a.toml": "# dev/local/stack.js\n",
      "a.njk": "{# dev/local/stack.js #}\n",
      "a.html": "<!-- dev/local/stack.js -->\n",
      "a.sh": "# dev/local/stack.js\n",
      run: "#!/usr/bin/env bash\n# dev/local/stack.js\n",
      "a.json": '{ "scripts": { "start": "node dev/local/stack.js" } }\n',
    };
    expect(broken({ ...CODE, ...files })).toEqual([]);
    const moved = Object.fromEntries(Object.entries(files).map(([path, text]) => [path, text.replace("stack.js", "moved.js")]));
    expect(broken({ ...CODE, ...moved }).map((line) => line.split(":")[0])).toEqual(Object.keys(files));
  });

  it("leaves alone URLs, pages, packages, generated folders, patterns, code and lone words", () => {
    const files = {
      ...CODE,
      ".gitignore": "node_modules\ndist/\nsupabase/.local/\n*.log\n",
      "a.js": [
        "// https://example.com/site/_lib/gone.js and //cdn.example/dev/x.js",
        "// the page /site/kontakt, preact/compat, @wdio/utils, node:fs/promises",
        "// dist/_headers, supabase/.local/db, ./node_modules/.bin/vite",
        "// dev/bench/*.js, site/images/<slot>.jpg, dev/{a,b}.js, site/…/x.js",
        "// `node site/_lib/gone.js --flag` (an example), sites/x.js, website/x.js",
        'const path = "site/_lib/gone.js"; // a string in code is code',
        "// a bare code name names a package or a built file as often as a file here: postgres.js, 404.html",
      ].join("\n"),
    };
    expect(broken(files)).toEqual([]);
  });
});

describe("a bare Markdown file name", () => {
  it("is the nearest of that name up the tree, else the only one in the repository", () => {
    const files = {
      ...DOCS,
      "docs/guide.md": "See deploy.md#notes, README.md and api/README.md.\n",
      "api/handler.ts": '// deploy.md, "Notes"\n',
    };
    expect(broken(files)).toEqual([]);
  });

  it("fails when no file has it, or several do and none is up the tree", () => {
    const files = { ...DOCS, "docs/README.md": "# Docs\n", "site/a.js": "// DESIGN.md and README.md\n", "tests/a.js": "// deploy.md\n" };
    expect(broken({ ...files, "site/README.md": "# Site\n" })).toEqual(["site/a.js:1: DESIGN.md: no such file in the repository"]);
    const withoutRoot = Object.fromEntries(Object.entries(files).filter(([path]) => path !== "README.md"));
    expect(broken(withoutRoot)).toEqual([
      "site/a.js:1: DESIGN.md: no such file in the repository",
      "site/a.js:1: README.md: no such file in the repository",
    ]);
  });
});
