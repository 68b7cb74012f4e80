import { describe, expect, it } from 'vitest';
import { fieldWords, validationMessage } from './validation-text';

describe('validation messages for people (issue #17 item 19)', () => {
  it('names a nested request field in words, counting list entries from 1', () => {
    expect(fieldWords('body.contact_info.email')).toBe('Contact info email');
    expect(fieldWords('body.articles.0.target_keywords.1')).toBe('Articles 1 target keywords 2');
    expect(fieldWords('query.perPage')).toBe('Per page');
  });

  it('turns the raw "Invalid request: body.…" into the first problem in words', () => {
    const raw = 'Invalid request: body.contact_info.email: must be an email address';
    expect(validationMessage(raw, [{ field: 'body.contact_info.email', message: 'must be an email address' }])).toBe(
      'Contact info email: must be an email address',
    );
    // A message that is a sentence already stays as it is.
    expect(
      validationMessage('Invalid request: body.topic: Topic must be less than 200 characters', [
        { field: 'body.topic', message: 'Topic must be less than 200 characters' },
      ]),
    ).toBe('Topic must be less than 200 characters');
  });

  it('leaves every other message alone', () => {
    expect(
      validationMessage('A site with the URL https://a.example already exists.', [
        { field: 'url', message: 'already used by another site' },
      ]),
    ).toBe('A site with the URL https://a.example already exists.');
    expect(validationMessage('Invalid request', [])).toBe('Invalid request');
  });
});
