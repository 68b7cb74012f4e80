import { z } from 'zod';

/**
 * Words for people in place of zod's defaults ("Too big: expected string to have <=1024
 * characters", issue #17 items 8 and 12). Set once for every schema, on the server and in the
 * browser alike; a schema's own message still wins. The field is named beside the message
 * (`details[].field`), so the message says only what is wrong with it.
 */
type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

function sizeWords(origin: string, count: number | bigint): string {
  if (origin === 'string') return `${count} character${count === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${count} item${count === 1 ? '' : 's'}`;
  return String(count);
}

export function messageForPeople(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_big': {
      const words = sizeWords(issue.origin, issue.maximum);
      if (issue.exact) return `must be exactly ${words}`;
      return issue.inclusive === false ? `must be less than ${words}` : `must be at most ${words}`;
    }
    case 'too_small': {
      if (issue.origin === 'string' && Number(issue.minimum) <= 1 && issue.inclusive !== false)
        return 'must not be empty';
      if (
        (issue.origin === 'array' || issue.origin === 'set') &&
        Number(issue.minimum) <= 1 &&
        issue.inclusive !== false
      )
        return 'must have at least one item';
      const words = sizeWords(issue.origin, issue.minimum);
      if (issue.exact) return `must be exactly ${words}`;
      return issue.inclusive === false ? `must be more than ${words}` : `must be at least ${words}`;
    }
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'email'
        ? 'must be an email address'
        : issue.format === 'url'
          ? 'must be a web address'
          : `must be a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

z.config({ customError: messageForPeople });
