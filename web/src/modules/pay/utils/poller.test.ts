import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAY_TIMINGS } from './payConstants';
import { createPoller, type PollDecision } from './poller';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A check that answers from a list (then 'continue'), recording when it ran. */
function scripted(answers: PollDecision[] = []) {
  const calls: number[] = [];
  const check = vi.fn(async () => {
    calls.push(Date.now());
    return answers.shift() ?? 'continue';
  });
  return { check, calls };
}

describe('polling scheduler', () => {
  it('transaction polling: every 3 s, up to 10 tries, then exhausted once', async () => {
    const { check } = scripted();
    const onExhausted = vi.fn();
    const poller = createPoller({ intervalMs: PAY_TIMINGS.transactionPollMs, maxAttempts: PAY_TIMINGS.transactionPollMaxAttempts, check, onExhausted });
    poller.start();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(27_000);
    expect(check).toHaveBeenCalledTimes(10);
    expect(poller.status).toBe('exhausted');
    expect(onExhausted).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(10);
  });

  it('stops when the check says stop (success)', async () => {
    const { check } = scripted(['continue', 'continue', 'stop']);
    const onExhausted = vi.fn();
    const poller = createPoller({ intervalMs: 2_000, maxAttempts: 10, check, onExhausted });
    poller.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(poller.status).toBe('stopped');
    expect(onExhausted).not.toHaveBeenCalled();
  });

  it('initial delay: the redirected check after 1 s, then every 2 s', async () => {
    const { check, calls } = scripted();
    const start = Date.now();
    createPoller({ intervalMs: 2_000, initialDelayMs: 1_000, maxAttempts: 3, check }).start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.map((at) => at - start)).toEqual([1_000, 3_000, 5_000]);
  });

  it('pauses while hidden (no checks, no tries used) and resumes at once when visible', async () => {
    const { check, calls } = scripted();
    const start = Date.now();
    const poller = createPoller({ intervalMs: 3_000, maxAttempts: 10, check });
    poller.start();
    await vi.advanceTimersByTimeAsync(3_000); // check 1 at 3 s
    poller.pause();
    expect(poller.status).toBe('paused');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(1);
    poller.resume();
    await vi.advanceTimersByTimeAsync(0); // check 2 at once
    await vi.advanceTimersByTimeAsync(3_000); // check 3
    expect(calls.map((at) => at - start)).toEqual([3_000, 63_000, 66_000]);
    expect(poller.attempts).toBe(3);
  });

  it('a pause during a check in flight waits for resume; resume during it keeps the rhythm', async () => {
    let release: (decision: PollDecision) => void = () => undefined;
    const check = vi.fn(() => new Promise<PollDecision>((resolve) => (release = resolve)));
    const poller = createPoller({ intervalMs: 2_000, check });
    poller.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(check).toHaveBeenCalledTimes(1);
    poller.pause();
    release('continue');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(check).toHaveBeenCalledTimes(1);
    poller.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(2);
    poller.pause();
    poller.resume(); // back before the answer: nothing extra is scheduled now
    release('continue');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('stop ends polling, also when a check is in flight (its answer is ignored)', async () => {
    let release: (decision: PollDecision) => void = () => undefined;
    const check = vi.fn(() => new Promise<PollDecision>((resolve) => (release = resolve)));
    const onExhausted = vi.fn();
    const poller = createPoller({ intervalMs: 2_000, maxAttempts: 1, check, onExhausted });
    poller.start();
    await vi.advanceTimersByTimeAsync(2_000);
    poller.stop();
    release('continue');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(poller.status).toBe('stopped');
    expect(onExhausted).not.toHaveBeenCalled();
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('a thrown check counts as continue; start again restarts the count', async () => {
    const check = vi.fn(async () => {
      throw new Error('network');
    });
    const poller = createPoller({ intervalMs: 1_000, maxAttempts: 2, check });
    poller.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(poller.status).toBe('exhausted');
    poller.start();
    expect(poller.attempts).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(poller.status).toBe('running');
  });

  it('pause and resume do nothing on an idle or finished poller', () => {
    const poller = createPoller({ intervalMs: 1_000, check: () => 'stop' });
    poller.pause();
    poller.resume();
    expect(poller.status).toBe('idle');
  });
});
