// Reading the data files' zod schemas (site/_lib/data-schemas.js) from outside: a field's Danish words
// and the rules the CMS can enforce before it saves. zod keeps both on each schema's `_zod.def`.

/**
 * A zod schema of any kind, read through `_zod.def`: its fields differ by kind (`innerType`, `in`/`out`,
 * `shape`, `checks`), which this walk tells apart at run time; zod exports no union of them to narrow.
 * @typedef {any} SchemaNode
 */

/**
 * The schema a wrapper holds (optional, default, nullable; a pipe's shaped side), or undefined.
 * @param {SchemaNode} schema
 * @returns {SchemaNode}
 */
export function inner(schema) {
  const def = schema._zod.def;
  if (def.type === "optional" || def.type === "default" || def.type === "nullable") return def.innerType;
  if (def.type === "pipe") return def.in._zod.def.type === "transform" ? def.out : def.in;
  return undefined;
}

/**
 * The object, array, record or value schema inside a field's wrappers.
 * @param {SchemaNode} schema
 * @returns {SchemaNode}
 */
export function unwrap(schema) {
  let node = schema;
  for (let depth = 0; node && depth < 20 && inner(node); depth++) node = inner(node);
  return node;
}

/**
 * The first label found on a schema or the schemas it wraps: `{ title, description, …meta }`.
 * @param {SchemaNode} schema
 * @returns {Record<string, any> | undefined}
 */
export function wordsOf(schema) {
  for (let node = schema, depth = 0; node && depth < 20; node = inner(node), depth++) {
    const meta = node.meta?.();
    if (meta?.title) return meta;
  }
  return undefined;
}

/**
 * What a field accepts, gathered through its wrappers and pipes (transforms skipped): its kind, whether
 * it may be left out, and the checks on its value.
 * @returns {{ kind: string, optional: boolean, node: any, patterns: RegExp[], min?: number, max?: number,
 *   exclusiveMin?: boolean, int: boolean, values?: unknown[] }}
 * @param {SchemaNode} schema
 */
export function rulesOf(schema) {
  /** @type {{ kind: string, optional: boolean, node: any, patterns: RegExp[], min?: number, max?: number, exclusiveMin?: boolean, int: boolean, values?: unknown[] }} */
  const rules = { kind: "", optional: false, node: undefined, patterns: [], int: false };
  const visit = (/** @type {any} */ node, depth = 0) => {
    if (!node || depth > 20) return;
    const def = node._zod.def;
    if (def.type === "optional") rules.optional = true;
    if (["optional", "default", "nullable"].includes(def.type)) return visit(def.innerType, depth + 1);
    if (def.type === "pipe") {
      visit(def.in, depth + 1);
      visit(def.out, depth + 1);
      return;
    }
    if (def.type === "transform") return;
    // The first shape found, unless a later one is a choice (a day name read as text, then one of seven).
    if (!rules.kind || ((def.type === "enum" || def.type === "literal") && rules.kind === "string")) {
      rules.kind = def.type;
      rules.node = node;
    }
    if (def.type === "enum") rules.values = Object.values(def.entries);
    if (def.type === "literal") rules.values = def.values;
    if (def.pattern) rules.patterns.push(def.pattern);
    for (const check of def.checks ?? []) {
      const c = check._zod.def;
      if (c.check === "string_format" && c.pattern) rules.patterns.push(c.pattern);
      if (c.check === "number_format" && c.format?.includes("int")) rules.int = true;
      if (c.check === "greater_than") Object.assign(rules, { min: c.value, exclusiveMin: !c.inclusive });
      if (c.check === "less_than") rules.max = c.value;
      if (c.check === "min_length") rules.min = c.minimum;
      if (c.check === "max_length") rules.max = c.maximum;
      if (c.check === "length_equals") Object.assign(rules, { min: c.length, max: c.length });
    }
  };
  visit(schema);
  return rules;
}
