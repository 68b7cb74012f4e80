/**
 * Bad inputs for every operation of an OpenAPI description: ids out of range or not numbers,
 * strings with NUL, a lone surrogate or 100k characters, wrong types, missing and extra fields,
 * bodies that are not objects or not JSON. Deterministic: the only choices come from a seed.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  format?: string;
  nullable?: boolean;
};

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

export interface FuzzCase {
  label: string;
  method: string;
  url: string;
  payload?: string;
  headers?: Record<string, string>;
}

/** mulberry32: a tiny seeded generator, so a failing case is the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LONG = 'x'.repeat(100_000);
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

const BAD_IDS: Array<[string, unknown]> = [
  ['id 0', 0],
  ['id -1', -1],
  ['id 2^31', 2 ** 31],
  ['id 2^53', 2 ** 53],
  ['id 1.5', 1.5],
  ['id "abc"', 'abc'],
  ['id "1e3"', '1e3'],
];

/** Every kind of wrong value a JSON field can hold (numbers other than ids: see badValuesFor). */
const BAD_VALUES: Array<[string, unknown]> = [
  ['null', null],
  ['true', true],
  ['empty string', ''],
  ['NUL', NUL],
  ['lone surrogate', LONE_SURROGATE],
  ['100k chars', LONG],
  ['array', []],
  ['array of NUL', [NUL]],
  ['object', {}],
  ['object with NUL key', { [NUL]: LONE_SURROGATE }],
];

/** Raw text for a path segment or query value (percent-encoded as a client would send it). */
const BAD_TEXT: Array<[string, string]> = [
  ['0', '0'],
  ['-1', '-1'],
  ['2^31', '2147483648'],
  ['2^53', '9007199254740992'],
  ['1.5', '1.5'],
  ['abc', 'abc'],
  ['1e3', '1e3'],
  ['NUL', 'a%00b'],
  ['lone surrogate (CESU-8)', 'a%ED%A0%80b'],
  ['bad percent', '%E0%A4%A'],
  ['long', 'x'.repeat(5_000)],
];

function firstType(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** A plausible valid value, so that mutations of one field reach past the others. */
export function sampleValue(schema: JsonSchema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sampleValue(alt.find((s) => firstType(s) !== 'null') ?? alt[0], name, depth + 1);
  if (schema.allOf?.length) return sampleValue(schema.allOf[0], name, depth + 1);
  switch (firstType(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleValue(schema.properties?.[key], key, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        sampleValue(schema.items, name, depth + 1),
      );
    case 'integer':
    case 'number':
      return Math.max(1, typeof schema.minimum === 'number' ? schema.minimum : 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uri' || /url/i.test(name)) return 'http://127.0.0.1:9/';
      if (schema.format === 'date-time') return '2030-01-01T00:00:00.000Z';
      return 'fuzz text '.repeat(Math.ceil((schema.minLength ?? 1) / 10)).slice(0, Math.max(schema.minLength ?? 1, 9));
    default:
      return null;
  }
}

/** Dotted paths of every field of a value (objects and the first array item), up to a depth. */
function fieldPaths(value: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value)
    ? value.slice(0, 1).map((v, i) => [String(i), v] as const)
    : Object.entries(value);
  return entries.flatMap(([k, v]) => [[...prefix, k], ...fieldPaths(v, [...prefix, k], depth + 1)]);
}

/** A number field or an id gets every bad id; any other field one number is enough to be the wrong type. */
function badValuesFor(path: string[], current: unknown): Array<[string, unknown]> {
  const idLike =
    typeof current === 'number' || /(^id|Id|_id|Ids|_ids)$/.test(path.filter((k) => !/^\d+$/.test(k)).at(-1) ?? '');
  return [...(idLike ? BAD_IDS : [['number', -1] as [string, unknown]]), ...BAD_VALUES];
}

function valueAt(base: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    base,
  );
}

function withField(base: unknown, path: string[], value: unknown, remove = false): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

/** Bodies for one JSON schema: the base, each field made wrong in every way, whole-body garbage. */
function bodyCases(schema: JsonSchema | undefined, pick: () => number): Array<[string, string, string]> {
  const json = 'application/json';
  const base = sampleValue(schema) ?? {};
  const out: Array<[string, string, string]> = [['valid-looking body', JSON.stringify(base), json]];
  for (const path of fieldPaths(base).concat(
    Object.keys(schema?.properties ?? {})
      .filter((k) => !(k in (base as object)))
      .map((k) => [k]),
  )) {
    for (const [label, value] of badValuesFor(path, valueAt(base, path)))
      out.push([`${path.join('.')} = ${label}`, JSON.stringify(withField(base, path, value)), json]);
    out.push([`${path.join('.')} missing`, JSON.stringify(withField(base, path, undefined, true)), json]);
  }
  out.push([
    'extra field',
    JSON.stringify({ ...(base as object), ['extra' + Math.floor(pick() * 1000)]: 'extra' }),
    json,
  ]);
  for (const [label, text] of [
    ['array body', '[]'],
    ['null body', 'null'],
    ['number body', '42'],
    ['string body', '"text"'],
    ['NUL key body', JSON.stringify({ [NUL]: 1 })],
    ['not JSON', '{"a": '],
    ['empty body', ''],
  ] as const) {
    out.push([label, text, json]);
  }
  out.push(['text/plain body', JSON.stringify(base), 'text/plain']);
  return out;
}

/** Every case for one operation. `validPath` gives a real value for each path parameter. */
export function operationCases(
  method: string,
  template: string,
  op: Operation,
  validPath: (name: string) => string,
  pick: () => number,
): FuzzCase[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const fill = (overrides: Record<string, string> = {}) =>
    template.replace(/\{(\w+)\}/g, (_, name: string) => overrides[name] ?? encodeURIComponent(validPath(name)));
  const validQuery = queryParams
    .filter((p) => p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(sampleValue(p.schema, p.name)))}`);
  const withQuery = (url: string, extra: string[] = []) => {
    const parts = [...validQuery, ...extra];
    return parts.length ? `${url}?${parts.join('&')}` : url;
  };
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const validBody = op.requestBody ? JSON.stringify(sampleValue(bodySchema) ?? {}) : undefined;
  const jsonHeaders = op.requestBody ? { 'content-type': 'application/json' } : undefined;
  const upper = method.toUpperCase();
  const cases: FuzzCase[] = [];

  for (const p of pathParams) {
    for (const [label, raw] of BAD_TEXT) {
      cases.push({
        label: `path ${p.name} = ${label}`,
        method: upper,
        url: withQuery(fill({ [p.name]: raw })),
        payload: validBody,
        headers: jsonHeaders,
      });
    }
  }
  for (const p of queryParams) {
    for (const [label, raw] of [...BAD_TEXT, ['repeated', `1&${p.name}=2`], ['empty', '']] as Array<[string, string]>) {
      cases.push({
        label: `query ${p.name} = ${label}`,
        method: upper,
        url: withQuery(fill(), [`${p.name}=${raw}`]),
        payload: validBody,
        headers: jsonHeaders,
      });
    }
  }
  // Strings a route does not declare are still input (and logged): NUL and surrogates there too.
  cases.push({
    label: 'undeclared query with NUL',
    method: upper,
    url: withQuery(fill(), ['zz=a%00b']),
    payload: validBody,
    headers: jsonHeaders,
  });
  for (const h of headerParams) {
    for (const [label, value] of [
      ['maybe', 'maybe'],
      ['empty', ''],
      ['long', 'x'.repeat(5_000)],
      ['latin-1', 'd\u00e9j\u00e0'],
    ]) {
      cases.push({
        label: `header ${h.name} = ${label}`,
        method: upper,
        url: withQuery(fill()),
        payload: validBody,
        headers: { ...jsonHeaders, [h.name]: value! },
      });
    }
  }
  if (op.requestBody) {
    for (const [label, payload, type] of bodyCases(bodySchema, pick)) {
      cases.push({
        label: `body ${label}`,
        method: upper,
        url: withQuery(fill()),
        payload,
        headers: { 'content-type': type },
      });
    }
  } else if (upper !== 'GET' && upper !== 'DELETE') {
    cases.push({
      label: 'unexpected JSON body',
      method: upper,
      url: withQuery(fill()),
      payload: JSON.stringify({ a: NUL }),
      headers: { 'content-type': 'application/json' },
    });
    cases.push({
      label: 'unexpected bad JSON body',
      method: upper,
      url: withQuery(fill()),
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
  }
  return cases;
}
