import { describe, expect, it } from 'vitest';
import { ClientRateLimiter } from './client-rate-limiter';
import { sanitizeInput, validateSiteId, validateTopic } from './secure-input';

describe('sanitizeInput', () => {
  it.each([
    ['<script>alert(1)</script>Garden tips', 'Garden tips'],
    ['Garden <SCRIPT type="text/javascript">steal()</SCRIPT >tips', 'Garden tips'],
    ['Garden <script src="x.js">tips', 'Garden tips'],
    ['javascript:alert(1) Garden', 'alert(1) Garden'],
    ['JavaScript :void(0)', 'void(0)'],
    ['data:text/html;base64,PHNjcmlwdD4= roses', 'text/html;base64,PHNjcmlwdD4= roses'],
    ['<img src=x onerror="alert(1)"> roses', '<img src=x > roses'],
    ["<b onclick='go()' onmouseover=go()>roses</b>", '<b  >roses</b>'],
    ['javajavascript:script:alert(1)', 'alert(1)'],
    ['Compost: the basics (data science not included)', 'Compost: the basics (data science not included)'],
  ])('cleans %j', (input, expected) => {
    expect(sanitizeInput(input)).toBe(expected);
  });
});

describe('validateTopic', () => {
  it.each([
    ['', 'Topic is required'],
    ['   ', 'Topic is required'],
    ['ab', 'Topic must be at least 3 characters long'],
    [' ab ', 'Topic must be at least 3 characters long'],
    ['t'.repeat(201), 'Topic must be less than 200 characters'],
    ['abc', null],
    ['t'.repeat(200), null],
  ])('%j → %j', (topic, message) => {
    expect(validateTopic(topic)).toBe(message);
  });
});

describe('validateSiteId', () => {
  it.each([
    ['', 'Site ID is required'],
    [null, 'Site ID is required'],
    ['0', 'Site ID must be a positive integer'],
    ['-1', 'Site ID must be a positive integer'],
    ['1.5', 'Site ID must be a positive integer'],
    ['abc', 'Site ID must be a positive integer'],
    ['2147483648', 'Site ID is too large'],
    ['7', null],
    [7, null],
  ])('%j → %j', (value, message) => {
    expect(validateSiteId(value)).toBe(message);
  });
});

describe('ClientRateLimiter', () => {
  it('allows 30 calls per 60 seconds, then refuses until the oldest leaves the window', () => {
    let now = 1_000_000;
    const limiter = new ClientRateLimiter(30, 60_000, () => now);
    for (let i = 0; i < 30; i++) {
      expect(limiter.tryAcquire()).toBe(true);
      now += 1000;
    }
    expect(limiter.tryAcquire()).toBe(false);
    now = 1_000_000 + 59_999;
    expect(limiter.tryAcquire()).toBe(false);
    now = 1_000_000 + 60_000;
    expect(limiter.tryAcquire()).toBe(true);
    expect(limiter.tryAcquire()).toBe(false);
  });
});
