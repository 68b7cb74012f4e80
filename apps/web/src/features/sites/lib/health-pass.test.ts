import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { runHealthPass } from './health-pass';

const rateLimited = (retryAfter?: number) =>
  new ApiError({ status: 429, code: 'rate_limited', message: 'Too many', retryAfter });

describe('a health pass', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function setup(check: (id: number) => Promise<unknown>) {
    const events: string[] = [];
    const controller = new AbortController();
    const run = (ids: number[]) =>
      runHealthPass(ids, {
        check: (id) => {
          events.push(`check ${id} @${Date.now()}`);
          return check(id);
        },
        signal: controller.signal,
        onValue: (id, value) => events.push(`value ${id} ${String(value)}`),
      });
    return { run, events, controller };
  }

  it('checks one site at a time, 250 ms apart, and reports each as it arrives', async () => {
    const start = Date.now();
    const { run, events } = setup(() => new Promise((resolve) => setTimeout(() => resolve({ success_rate: 1 }), 100)));
    const pass = run([1, 2, 3]);
    await vi.runAllTimersAsync();
    expect(await pass).toEqual({ values: { 1: 1, 2: 1, 3: 1 }, pausedUntil: null });
    expect(events).toEqual([
      `check 1 @${start}`,
      'value 1 1',
      `check 2 @${start + 350}`,
      'value 2 1',
      `check 3 @${start + 700}`,
      'value 3 1',
    ]);
  });

  it('a failure of one site does not stop the pass', async () => {
    const { run } = setup((id) =>
      id === 1 ? Promise.reject(new Error('boom')) : Promise.resolve({ success_percent: 50 }),
    );
    const pass = run([1, 2]);
    await vi.runAllTimersAsync();
    const result = await pass;
    expect(result.values).toEqual({ 1: undefined, 2: 0.5 });
    expect(1 in result.values).toBe(true);
  });

  it('a 429 ends the pass and pauses for retryAfter seconds, 15 minutes without one', async () => {
    const start = Date.now();
    const limited = setup((id) => (id === 2 ? Promise.reject(rateLimited(120)) : Promise.resolve({})));
    const pass = limited.run([1, 2, 3]);
    await vi.runAllTimersAsync();
    // Paused from the 429's arrival, one gap after the start.
    expect(await pass).toEqual({ values: { 1: null }, pausedUntil: start + 250 + 120_000 });
    expect(limited.events.filter((e) => e.startsWith('check'))).toHaveLength(2);
    const plain = setup(() => Promise.reject(rateLimited()));
    const second = plain.run([1]);
    await vi.runAllTimersAsync();
    expect((await second).pausedUntil).toBe(Date.now() + 900_000);
  });

  it('an abort (the query was cancelled) ends the pass without reporting', async () => {
    const { run, events, controller } = setup(() => Promise.resolve({}));
    const pass = run([1, 2]);
    const settled = pass.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort(new Error('cancelled'));
    await vi.runAllTimersAsync();
    expect(await settled).toEqual(new Error('cancelled'));
    expect(events.filter((e) => e.startsWith('value'))).toEqual(['value 1 null']);
  });
});
