import { describe, expect, it } from 'vitest';
import {
  attemptsNote,
  formatCountdown,
  lockoutWarning,
  rateLimitedMessage,
  stillLockedMessage,
} from './login-messages';

describe('login messages', () => {
  it.each([
    [900, '15:00'],
    [65, '1:05'],
    [60, '1:00'],
    [59, '59s'],
    [1, '1s'],
    [0, '0s'],
  ])('formats %i seconds as %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });

  it('words the lockout warning and the attempts note as the spec does', () => {
    expect(lockoutWarning(125)).toBe('Too many login attempts. Please wait 2:05 before trying again.');
    expect(attemptsNote(3)).toBe("3 failed attempts. After 5 attempts, you'll be temporarily locked out.");
  });

  it('states a rate limit in minutes from one minute up and in seconds below', () => {
    expect(rateLimitedMessage(900)).toBe('Too many attempts. Please wait 15 minutes.');
    expect(rateLimitedMessage(61)).toBe('Too many attempts. Please wait 2 minutes.');
    expect(rateLimitedMessage(45)).toBe('Too many attempts. Please wait 45 seconds.');
    expect(stillLockedMessage(12)).toBe('Too many attempts. Please wait 12 seconds.');
  });
});
