// A polling scheduler: a check every interval, up to a number of attempts, stopped by the check,
// paused while the page is hidden and resumed when it is visible again (seed 002 §4
// "Transaction status polling"). Timers are injected so the rules are tested with fake timers.

export type PollDecision = 'continue' | 'stop';
export type PollerStatus = 'idle' | 'running' | 'paused' | 'stopped' | 'exhausted';

export interface PollerTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PollerOptions {
  intervalMs: number;
  /** Delay before the first check; default intervalMs. */
  initialDelayMs?: number;
  /** Delay before the next check after resume; default 0 (check as soon as the page is back). */
  resumeDelayMs?: number;
  /** Checks in all; default unlimited. */
  maxAttempts?: number;
  /** Runs one check; a thrown error counts as 'continue' (the check decides what ends polling). */
  check: (attempt: number) => PollDecision | Promise<PollDecision>;
  /** Called once when maxAttempts checks all answered 'continue'. */
  onExhausted?: () => void;
  timers?: PollerTimers;
}

export interface Poller {
  start(): void;
  stop(): void;
  pause(): void;
  resume(): void;
  readonly status: PollerStatus;
  readonly attempts: number;
}

const realTimers: PollerTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createPoller(options: PollerOptions): Poller {
  const timers = options.timers ?? realTimers;
  const maxAttempts = options.maxAttempts ?? Number.POSITIVE_INFINITY;
  let status: PollerStatus = 'idle';
  let attempts = 0;
  let handle: unknown;
  let inFlight = false;
  /** Bumped by start and stop: an answer of an earlier run is ignored. */
  let generation = 0;

  /** Read through a function: the status may change while a check is awaited. */
  const currentStatus = (): PollerStatus => status;
  const clear = () => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
  };
  const schedule = (ms: number) => {
    clear();
    handle = timers.setTimeout(() => void run(), ms);
  };

  async function run(): Promise<void> {
    handle = undefined;
    if (status !== 'running' || inFlight) return;
    const runGeneration = generation;
    attempts += 1;
    inFlight = true;
    let decision: PollDecision;
    try {
      decision = await options.check(attempts);
    } catch {
      decision = 'continue';
    }
    // stop() and start() bump the generation: this answer belongs to a finished run.
    if (runGeneration !== generation) return;
    inFlight = false;
    if (decision === 'stop') {
      status = 'stopped';
      clear();
      return;
    }
    if (attempts >= maxAttempts) {
      status = 'exhausted';
      clear();
      options.onExhausted?.();
      return;
    }
    // A pause during the check leaves the next one to resume().
    if (currentStatus() === 'running') schedule(options.intervalMs);
  }

  return {
    start() {
      generation += 1;
      inFlight = false;
      attempts = 0;
      status = 'running';
      schedule(options.initialDelayMs ?? options.intervalMs);
    },
    stop() {
      generation += 1;
      inFlight = false;
      clear();
      if (status !== 'exhausted') status = 'stopped';
    },
    pause() {
      if (status !== 'running') return;
      status = 'paused';
      clear();
    },
    resume() {
      if (status !== 'paused') return;
      status = 'running';
      if (!inFlight) schedule(options.resumeDelayMs ?? 0);
    },
    get status() {
      return status;
    },
    get attempts() {
      return attempts;
    },
  };
}
