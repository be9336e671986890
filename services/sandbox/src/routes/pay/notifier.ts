// Delivers the providers' notifications the way real providers do: late, more than once, out of
// order, sometimes dropped, and again with a doubling back-off until the merchant acknowledges.
// Everything stops when the app closes, so tests and shutdowns never wait on it.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { SandboxConfig } from '../../config.js';
import { acknowledged, buildNotice, HAS_WAITING_NOTICE, type NoticeKind } from './notices.js';
import type { Trade } from './trades.js';

/** Attempts per delivery: the first and 5 redeliveries after retryMs x 1, 2, 4, 8, 16. */
export const ATTEMPTS = 6;
const ATTEMPT_TIMEOUT_MS = 5000;

export class Notifier {
  private readonly controller = new AbortController();

  constructor(
    private readonly config: SandboxConfig,
    private readonly log: FastifyBaseLogger,
    private readonly random: () => number,
  ) {}

  /**
   * After Pay or Fail: waits PAY_NOTIFY_DELAY_MS, sends the outcome in 1 + PAY_NOTIFY_DUPLICATES
   * concurrent copies and then, with PAY_NOTIFY_OUT_OF_ORDER, the stale waiting notice.
   */
  announce(trade: Trade): void {
    const { PAY_NOTIFY_DELAY_MS: delay, PAY_NOTIFY_DUPLICATES: duplicates, PAY_NOTIFY_OUT_OF_ORDER: outOfOrder } = this.config;
    const stale = outOfOrder && HAS_WAITING_NOTICE.has(trade.protocol);
    sleep(delay, undefined, { signal: this.controller.signal })
      .then(async () => {
        await this.copies(trade, 'final', 1 + duplicates);
        if (stale) void this.deliver(trade, 'waiting');
      })
      .catch((error: unknown) => {
        if (!this.controller.signal.aborted) this.log.error({ err: error }, 'pay notification failed');
      });
  }

  /** Sends the trade's outcome again now, `copies` at once (the operator API). */
  resend(trade: Trade, copies: number): void {
    void this.copies(trade, 'final', copies);
  }

  /** Starts `count` concurrent deliveries; resolves once each has made its first attempt. */
  private copies(trade: Trade, kind: NoticeKind, count: number): Promise<void[]> {
    return Promise.all(Array.from({ length: count }, () => new Promise<void>((attempted) => void this.deliver(trade, kind, attempted))));
  }

  /** One delivery: up to ATTEMPTS attempts until acknowledged. True when it was. */
  async deliver(trade: Trade, kind: NoticeKind, attempted: () => void = () => undefined): Promise<boolean> {
    const { signal } = this.controller;
    const context = { tradeId: trade.tradeId, protocol: trade.protocol, kind, status: trade.status };
    try {
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        if (attempt > 0) {
          attempted();
          await sleep(this.config.PAY_NOTIFY_RETRY_MS * 2 ** (attempt - 1), undefined, { signal });
        }
        // Signed afresh for every attempt, as the providers do (their timestamps are checked).
        const notice = buildNotice(this.config, trade, kind);
        if (!notice) {
          this.log.warn(context, 'pay notification not sent: no notify URL or no keys');
          return false;
        }
        if (this.random() < this.config.PAY_NOTIFY_FAILURE_RATE) {
          this.log.info({ ...context, attempt }, 'pay notification dropped (PAY_NOTIFY_FAILURE_RATE)');
          continue;
        }
        try {
          const response = await fetch(notice.url, {
            method: 'POST',
            headers: notice.headers,
            body: notice.body,
            signal: AbortSignal.any([signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
          });
          const text = await response.text();
          if (acknowledged(trade.protocol, response.status, text)) return true;
          this.log.warn({ ...context, attempt, status: response.status }, 'pay notification not acknowledged');
        } catch (error) {
          if (signal.aborted) return false;
          this.log.warn({ ...context, attempt, err: error }, 'pay notification failed');
        }
      }
      this.log.error(context, `pay notification given up after ${ATTEMPTS} attempts`);
      return false;
    } catch (error) {
      if (!signal.aborted) throw error;
      return false;
    } finally {
      attempted();
    }
  }

  close(): void {
    this.controller.abort();
  }
}
