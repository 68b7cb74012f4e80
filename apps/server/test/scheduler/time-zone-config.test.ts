import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('TZ, the operator time zone', () => {
  it('defaults to UTC and takes IANA names', () => {
    expect(loadConfig({}).timeZone).toBe('UTC');
    expect(loadConfig({ TZ: '' }).timeZone).toBe('UTC');
    expect(loadConfig({ TZ: 'America/New_York' }).timeZone).toBe('America/New_York');
  });

  it('stops the start with a message naming TZ when the zone is unknown', () => {
    expect(() => loadConfig({ TZ: 'Mars/Olympus_Mons' })).toThrow(ConfigError);
    expect(() => loadConfig({ TZ: 'Mars/Olympus_Mons' })).toThrow(
      'Invalid TZ: must be an IANA time zone such as UTC or Europe/Berlin (got "Mars/Olympus_Mons")',
    );
  });
});
