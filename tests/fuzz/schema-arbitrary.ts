/**
 * fast-check arbitraries derived from the JSON Schemas of the generated OpenAPI documents
 * (server/api/openapi.ts; zod → JSON Schema draft 2020-12): `valueOf(schema)` makes values of the
 * schema's shape (often valid, never guaranteed: patterns, refinements and cross-field rules live
 * in zod only), `mutatedOf(schema)` the same values with one part broken — a wrong type, a huge or
 * odd string, a negative or huge number, a field removed or an unknown one added — and
 * `hostileValue` the odd leaves those mutations use. Supports `$ref` (to `#/components/schemas`),
 * `type` (single or a list), `enum`, `const`, `anyOf`/`oneOf`/`allOf`, `properties`/`required`,
 * `additionalProperties`/`propertyNames`, `items`/`prefixItems`, string and number bounds,
 * `pattern` (through `fc.stringMatching`) and the usual `format`s. Depth is bounded, so recursive
 * schemas end.
 */
import fc from "fast-check";

export type JsonSchema = Record<string, any>;
export type Components = Record<string, JsonSchema>;

/** Leaves a hostile client sends instead of the expected value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "null",
    "NaN",
    "-1",
    "0",
    "1e999",
    "-0",
    "0x10",
    "9007199254740993",
    "\u0000",
    "\u202e\u0000'\";--",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "😀".repeat(300),
    "a".repeat(70_000),
    "𝕏".repeat(5000),
    "2026-02-30",
    "9999-12-31T23:59:59Z",
    null,
    true,
    false,
    0,
    -1,
    -0,
    1.5,
    2 ** 31,
    2 ** 53,
    -(2 ** 53),
    Number.MAX_VALUE,
    1e308,
    [],
    {},
    [[[]]],
    JSON.parse('{"__proto__": {"admin": true}}'),
    JSON.parse('{"constructor": {"prototype": {"polluted": 1}}}'),
  ),
  fc.string({ maxLength: 40, unit: "grapheme" }),
  fc.string({ maxLength: 20, unit: "binary" }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  uri: fc.webUrl(),
  url: fc.webUrl(),
  "date-time": fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }).map((d) => d.toISOString()),
  date: fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  uuid: fc.uuid(),
};

function resolve(schema: JsonSchema, components: Components): JsonSchema {
  let current = schema;
  for (let i = 0; i < 10 && typeof current?.$ref === "string"; i++) {
    const name = current.$ref.replace("#/components/schemas/", "");
    current = { ...components[name], ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== "$ref")) };
  }
  return current ?? {};
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "binary") return fc.string({ maxLength: 64 });
  const format = FORMATS[schema.format as string];
  if (format) return format;
  if (typeof schema.pattern === "string") {
    try {
      const pattern = new RegExp(schema.pattern, "u");
      const [min, max] = [schema.minLength ?? 0, schema.maxLength ?? 500];
      return fc.stringMatching(pattern).map((s) => (s.length > max ? s.slice(0, max) : s.length < min ? s.padEnd(min, s || "a") : s));
    } catch {
      // A pattern JavaScript cannot compile as written: fall through to any string.
    }
  }
  const minLength = Math.min(schema.minLength ?? 0, 200);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 200));
  // Filtered up front: an arbitrary filtered down to nothing never ends.
  const samples = ["Труба стальная", "钢管", "ООО «Ромашка»", "7707083893", "RU", "ru", "1000", "0101210000"].filter(
    (s) => s.length >= minLength && s.length <= maxLength,
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength, unit: "grapheme" }) },
    ...(samples.length ? [{ weight: 1, arbitrary: fc.constantFrom(...samples) }] : []),
  );
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-9) : -1e9);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-9) : 1e9);
  if (integer) {
    const lo = Math.max(Math.ceil(min), -(2 ** 31));
    const hi = Math.min(Math.floor(max), 2 ** 31 - 1);
    return fc.oneof(fc.integer({ min: lo, max: Math.max(lo, Math.min(hi, lo + 1000)) }), fc.integer({ min: lo, max: Math.max(lo, hi) }));
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values of the shape `schema` describes (depth-limited). */
export function valueOf(schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  if (depth > 5) return fc.constant(null);
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valueOf(a, components, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length)
    return valueOf(Object.assign({}, ...s.allOf.map((a: JsonSchema) => resolve(a, components))), components, depth);
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ["object"] : [];
  if (types.length === 0) return fc.jsonValue({ maxDepth: 1 });
  return fc.oneof(...types.map((type) => valueOfType(s, type, components, depth)));
}

function valueOfType(s: JsonSchema, type: string, components: Components, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "string":
      return stringOf(s);
    case "integer":
      return numberOf(s, true);
    case "number":
      return numberOf(s, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const minLength = Math.min(s.minItems ?? 0, 5);
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 4, 5));
      if (Array.isArray(s.prefixItems)) return fc.tuple(...s.prefixItems.map((p: JsonSchema) => valueOf(p, components, depth + 1)));
      return fc.array(s.items ? valueOf(s.items, components, depth + 1) : fc.jsonValue({ maxDepth: 1 }), { minLength, maxLength });
    }
    case "object": {
      const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set<string>(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = valueOf(value, components, depth + 1);
      const fixed = fc.record(record, { requiredKeys: [...required].filter((k) => k in properties) });
      if (s.additionalProperties && typeof s.additionalProperties === "object" && Object.keys(properties).length === 0) {
        const keys = s.propertyNames
          ? (valueOf(s.propertyNames, components, depth + 1) as fc.Arbitrary<string>)
          : fc.string({ maxLength: 10 });
        return fc.dictionary(keys.map(String), valueOf(s.additionalProperties, components, depth + 1), { maxKeys: 4 });
      }
      return fixed;
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A value of `schema` with one part broken (see the module's description). */
export function mutatedOf(schema: JsonSchema, components: Components): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valueOf(schema, components),
      fc.array(fc.tuple(fc.nat(), fc.nat(), hostileValue, fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 3 }),
    )
    .map(([value, edits]) => {
      let out = structuredClone(value);
      for (const [where, how, odd, extraKey] of edits) out = mutate(out, where, how, odd, extraKey);
      return out;
    });
}

/** Breaks the `where`-th container of `value` (depth-first) in way `how`: replace, remove or add a key. */
function mutate(value: unknown, where: number, how: number, odd: unknown, extraKey: string): unknown {
  const containers: (Record<string, unknown> | unknown[])[] = [];
  const walk = (v: unknown) => {
    if (v && typeof v === "object") {
      containers.push(v as Record<string, unknown>);
      for (const child of Object.values(v)) walk(child);
    }
  };
  walk(value);
  if (containers.length === 0) return odd;
  const target = containers[where % containers.length]!;
  const keys = Object.keys(target);
  const key = keys.length ? keys[how % keys.length]! : undefined;
  switch (how % 3) {
    case 0:
      if (key === undefined) return odd;
      (target as Record<string, unknown>)[key] = odd;
      break;
    case 1:
      if (key !== undefined) {
        if (Array.isArray(target)) target.splice(Number(key), 1);
        else delete target[key];
      }
      break;
    default:
      if (Array.isArray(target)) target.push(odd);
      else target[extraKey || "extra"] = odd;
  }
  return value;
}

/**
 * `hostileValue` as text: strings as they are, anything else as JSON (never `String(v)`: a generated
 * object with a `toString` key that is not a function cannot be converted).
 */
export const hostileText: fc.Arbitrary<string> = hostileValue.map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "")));

/** A query-string or form value: the schema's value as text, or a hostile one. */
export function textOf(schema: JsonSchema, components: Components, hostileWeight = 2): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: valueOf(schema, components).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))) },
    { weight: hostileWeight, arbitrary: hostileValue.map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))) },
  );
}
