import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { HealthPoller } from './health-poller';

const rateLimited = (retryAfter?: number) => new ApiError({ status: 429, code: 'rate_limited', message: 'Too many', retryAfter });

describe('HealthPoller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(check: (id: number) => Promise<unknown>) {
    const events: string[] = [];
    const poller = new HealthPoller({
      check: (id) => {
        events.push(`check ${id} @${Date.now()}`);
        return check(id);
      },
      onResult: (id) => events.push(`result ${id}`),
      onError: (id) => events.push(`error ${id}`),
      onRateLimited: (ms) => events.push(`paused ${ms}`),
    });
    return { poller, events };
  }

  it('checks one site at a time, 250 ms apart', async () => {
    const start = Date.now();
    const { poller, events } = setup(() => new Promise((resolve) => setTimeout(() => resolve({ success_rate: 1 }), 100)));
    const cycle = poller.runCycle([1, 2, 3]);
    await vi.runAllTimersAsync();
    expect(await cycle).toBe('done');
    expect(events).toEqual([
      `check 1 @${start}`,
      'result 1',
      `check 2 @${start + 350}`,
      'result 2',
      `check 3 @${start + 700}`,
      'result 3',
    ]);
  });

  it('never overlaps: a pass asked for while one runs is refused', async () => {
    const { poller } = setup(() => new Promise((resolve) => setTimeout(() => resolve({}), 1000)));
    const first = poller.runCycle([1, 2]);
    expect(poller.running).toBe(true);
    expect(await poller.runCycle([1, 2])).toBe('busy');
    await vi.runAllTimersAsync();
    expect(await first).toBe('done');
    expect(poller.running).toBe(false);
  });

  it('a failure of one site does not stop the pass', async () => {
    const { poller, events } = setup((id) => (id === 1 ? Promise.reject(new Error('boom')) : Promise.resolve({})));
    const cycle = poller.runCycle([1, 2]);
    await vi.runAllTimersAsync();
    await cycle;
    expect(events.filter((e) => !e.startsWith('check'))).toEqual(['error 1', 'result 2']);
  });

  it('after a 429 stops the pass and pauses for retryAfter seconds', async () => {
    const { poller, events } = setup((id) => (id === 2 ? Promise.reject(rateLimited(120)) : Promise.resolve({})));
    const cycle = poller.runCycle([1, 2, 3]);
    await vi.runAllTimersAsync();
    expect(await cycle).toBe('rate-limited');
    expect(events.filter((e) => !e.startsWith('check'))).toEqual(['result 1', 'paused 120000']);
    expect(await poller.runCycle([1])).toBe('paused');
    vi.advanceTimersByTime(119_999);
    expect(await poller.runCycle([1])).toBe('paused');
    vi.advanceTimersByTime(1);
    const resumed = poller.runCycle([1]);
    await vi.runAllTimersAsync();
    expect(await resumed).toBe('done');
  });

  it('pauses 15 minutes when the 429 has no retryAfter', async () => {
    const { poller, events } = setup(() => Promise.reject(rateLimited()));
    const cycle = poller.runCycle([1]);
    await vi.runAllTimersAsync();
    await cycle;
    expect(events).toContain('paused 900000');
    vi.advanceTimersByTime(899_000);
    expect(poller.pausedForMs).toBe(1000);
  });

  it('stop() ends the pass and refuses new ones', async () => {
    const { poller, events } = setup(() => Promise.resolve({}));
    const cycle = poller.runCycle([1, 2]);
    poller.stop();
    await vi.runAllTimersAsync();
    expect(await cycle).toBe('stopped');
    expect(await poller.runCycle([1])).toBe('stopped');
    expect(events.filter((e) => e.startsWith('result'))).toEqual([]);
  });
});
