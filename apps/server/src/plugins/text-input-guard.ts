import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

/*
 * Text the app accepts must be text the database can store and a browser can show. PostgreSQL
 * refuses U+0000 in text columns ("invalid byte sequence"), and an unpaired UTF-16 surrogate has
 * no UTF-8 form: either one, deep in a service, used to surface as a 500. We refuse them once, for
 * every route and every part of a request, with a 400 naming the field — rather than strip them,
 * which would silently store something other than what was sent.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be accepted, or null when it is fine. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain a NUL character (U+0000)';
  if (LONE_SURROGATE.test(value)) return 'must not contain an unpaired UTF-16 surrogate (not valid Unicode)';
  return null;
}

/**
 * The first bad string in a parsed value (object keys included), with its dotted path. Walked
 * without recursion: a JSON body may be nested deeper than the stack.
 */
export function findBadText(root: unknown, rootPath: string): { field: string; message: string } | null {
  const stack: Array<[unknown, string]> = [[root, rootPath]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { field: path, message: problem };
    } else if (value !== null && typeof value === 'object') {
      const entries = Array.isArray(value) ? value.entries() : Object.entries(value as Record<string, unknown>);
      for (const [key, child] of entries) {
        if (typeof key === 'string') {
          const problem = textProblem(key);
          if (problem) return { field: path, message: `has a field name that ${problem}` };
        }
        stack.push([child, `${path}.${key}`]);
      }
    }
  }
  return null;
}

/** Before any schema runs: path parameters, query string, headers and the parsed body. */
export function registerTextInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts: Array<[string, unknown]> = [
      ['params', request.params],
      ['query', request.query],
      ['headers', request.headers],
      ['body', request.body],
    ];
    for (const [name, value] of parts) {
      const bad = findBadText(value, name);
      // A field name can be anything the client sent, of any length: the path is cut to stay readable.
      if (bad) throw badRequest(bad.field.slice(0, 200), bad.message);
    }
  });
}
