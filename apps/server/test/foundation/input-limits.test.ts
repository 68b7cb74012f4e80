import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';

/**
 * Issue #17 item 8: long input is refused, not cut. Every text an operator (or a script) can send
 * has a limit the OpenAPI description states, and a value one character over it gets a 400 that
 * names the field in words for people (issue #17 item 12), never zod's "Too big: expected …".
 */
interface JsonSchema {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
}

const isString = (s: JsonSchema) => s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));

/** Every string and list in a schema, with its path ("topics.0" for a list's items). */
function* fields(schema: JsonSchema | undefined, path: string[]): Generator<{ path: string[]; schema: JsonSchema }> {
  if (!schema || typeof schema !== 'object') return;
  for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    yield* fields(variant, path);
  if (isString(schema) || schema.type === 'array' || schema.items) yield { path, schema };
  if (schema.items) yield* fields(schema.items, [...path, '0']);
  for (const [name, property] of Object.entries(schema.properties ?? {})) yield* fields(property, [...path, name]);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    yield* fields(schema.additionalProperties, [...path, 'key']);
}

/** A body holding only `value` at `path`: the other fields' own errors come too, but this one must be named. */
function bodyWith(path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return head === '0' ? [bodyWith(rest, value)] : { [head!]: bodyWith(rest, value) };
}

let t: TestApp;
let cookie: string;
let operations: Array<{ method: string; path: string; op: Operation }>;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  const doc = (await t.request({ method: 'GET', url: '/api/docs/json', cookie })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(async () => t.close());

describe('input limits', () => {
  it('every text field of every request body and query has a stated limit, every list a largest size', () => {
    const unbounded: string[] = [];
    for (const { method, path, op } of operations) {
      const inputs = [
        { where: 'body', schema: op.requestBody?.content?.['application/json']?.schema },
        ...(op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ where: `query.${p.name}`, schema: p.schema })),
      ];
      for (const input of inputs) {
        for (const field of fields(input.schema, [])) {
          const name = `${method} ${path} ${[input.where, ...field.path].join('.')}`;
          // An enum, a constant, a format or a pattern bounds a string by itself.
          const bounded =
            field.schema.maxLength !== undefined ||
            field.schema.enum ||
            field.schema.const !== undefined ||
            field.schema.format ||
            field.schema.pattern;
          if (isString(field.schema) && !bounded) unbounded.push(`${name}: a string without maxLength`);
          if ((field.schema.type === 'array' || field.schema.items) && field.schema.maxItems === undefined)
            unbounded.push(`${name}: a list without maxItems`);
        }
      }
    }
    expect(operations.length).toBeGreaterThan(60);
    expect(unbounded).toEqual([]);
  });

  it('one character over a text limit is a 400 naming the field in words, for every body field', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const { method, path, op } of operations) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      // Path ids: 1 is a valid id for every route (the body is checked before the handler looks it up).
      const url = path.replace(/\{[^}]+\}/g, '1');
      for (const field of fields(schema, [])) {
        if (!isString(field.schema) || field.schema.maxLength === undefined || field.schema.enum) continue;
        const name = ['body', ...field.path].join('.');
        const res = await t.request({
          method: method as 'POST',
          url,
          cookie,
          payload: bodyWith(field.path, 'x'.repeat(field.schema.maxLength + 1)) as object,
        });
        sent++;
        const body = res.json() as { details?: Array<{ field: string; message: string }> };
        const detail = body.details?.find((d) => d.field === name);
        if (res.statusCode !== 400 || !detail)
          problems.push(`${method} ${path} ${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (/too big|expected string|<=/i.test(detail.message))
          problems.push(`${method} ${path} ${name}: says "${detail.message}"`);
      }
    }
    expect(sent).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  }, 120_000);
});
