// Work the sandbox does after answering: KYC auto results and signed callbacks with retries.
// Everything is cancelled when the app closes, so tests and shutdowns never wait on it.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { signedHeaders } from './signing.js';

const RETRIES = 3;
const ATTEMPT_TIMEOUT_MS = 5000;

export class Background {
  private readonly controller = new AbortController();

  constructor(
    private readonly secret: string,
    private readonly retryMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs `task` after `delayMs` unless the app closes first. */
  later(delayMs: number, task: () => Promise<unknown>): void {
    sleep(delayMs, undefined, { signal: this.controller.signal })
      .then(task)
      .catch((error: unknown) => {
        if (!this.controller.signal.aborted) this.log.error({ err: error }, 'background task failed');
      });
  }

  /** POSTs a signed JSON callback: one attempt and up to 3 retries, backing off 1x, 2x, 4x retryMs. */
  async deliver(url: string, payload: object): Promise<boolean> {
    const body = JSON.stringify(payload);
    const { signal } = this.controller;
    for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
      try {
        if (attempt > 0) await sleep(this.retryMs * 2 ** (attempt - 1), undefined, { signal });
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...signedHeaders(this.secret, body) },
          body,
          signal: AbortSignal.any([signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
        });
        await response.body?.cancel();
        if (response.ok) return true;
        this.log.warn({ url, status: response.status, attempt }, 'callback refused');
      } catch (error) {
        if (signal.aborted) return false;
        this.log.warn({ url, attempt, err: error }, 'callback failed');
      }
    }
    this.log.error({ url }, `callback given up after ${RETRIES} retries`);
    return false;
  }

  close(): void {
    this.controller.abort();
  }
}
