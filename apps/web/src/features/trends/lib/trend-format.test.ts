import { describe, expect, it } from 'vitest';
import { errorText, formatDuration, shortUrl } from './trend-format';

describe('trend monitor formats', () => {
  it('durations: seconds below a minute, else minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(850)).toBe('0.9s');
    expect(formatDuration(4200)).toBe('4.2s');
    expect(formatDuration(59_940)).toBe('59.9s');
    expect(formatDuration(59_960)).toBe('1m 0s');
    expect(formatDuration(125_000)).toBe('2m 5s');
    expect(formatDuration(179_600)).toBe('3m 0s');
    expect(formatDuration(3_725_000)).toBe('62m 5s');
  });

  it('URLs longer than 50 characters are cut and end with ...', () => {
    const long = `https://example.com/${'a'.repeat(40)}`;
    expect(shortUrl(long)).toBe(`${long.slice(0, 50)}...`);
    expect(shortUrl(long.slice(0, 50))).toBe(long.slice(0, 50));
  });

  it('the error tooltip has one line per problem', () => {
    expect(
      errorText([
        { scope: 'feed', target: 'https://a.example/rss', kind: 'timeout', message: 'Timed out.' },
        { scope: 'site', target: 'Garden Blog', kind: 'publishing', message: 'Denied.' },
      ]),
    ).toBe('https://a.example/rss: Timed out.\nGarden Blog: Denied.');
  });
});
