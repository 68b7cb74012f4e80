import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { fieldsNamed, issuesAsProblems, serverFieldProblems, showFieldProblems } from './field-problems';

type Values = { name: string; url: string; options: { wordCount: string } };

describe('server field problems onto form fields', () => {
  it('reads the problems of a 400 and nothing from other errors', () => {
    const error = new ApiError({
      status: 400,
      code: 'validation',
      message: 'url: must be a web address',
      details: [{ field: 'body.url', message: 'must be a web address' }],
    });
    expect(serverFieldProblems(error)).toEqual([{ field: 'body.url', message: 'must be a web address' }]);
    expect(
      serverFieldProblems(new ApiError({ status: 409, code: 'conflict', message: 'x', details: { other: true } })),
    ).toEqual([]);
    expect(serverFieldProblems(new Error('network'))).toEqual([]);
  });

  it('shows the first problem of each field, without body., and skips fields the form lacks', () => {
    const setError = vi.fn();
    const shown = showFieldProblems<Values>(
      [
        { field: 'body.url', message: 'first' },
        { field: 'url', message: 'second' },
        { field: 'body.options.wordCount', message: 'too many words' },
        { field: 'site_id', message: 'not here' },
      ],
      setError,
      fieldsNamed<Values>(['name', 'url', 'options.wordCount']),
    );
    expect(shown).toBe(2);
    expect(setError.mock.calls).toEqual([
      ['url', { type: 'server', message: 'first' }],
      ['options.wordCount', { type: 'server', message: 'too many words' }],
    ]);
  });

  it('a nested path falls back to its first part when only that is a field', () => {
    expect(fieldsNamed<Values>(['options'] as never)('options.wordCount')).toBe('options');
    expect(fieldsNamed<Values>(['name'])('url')).toBeNull();
  });

  it('turns zod issues into problems with dotted paths', () => {
    expect(
      issuesAsProblems([
        { path: ['options', 'wordCount'], message: 'too big' },
        { path: [], message: 'whole' },
      ]),
    ).toEqual([
      { field: 'options.wordCount', message: 'too big' },
      { field: '', message: 'whole' },
    ]);
  });
});
