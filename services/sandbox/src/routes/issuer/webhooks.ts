// The issuers' webhooks: one event per spending transaction, signed with the platform's webhook
// secret, delivered late, in copies, in no promised order, sometimes dropped, and again with a
// doubling back-off until the card service answers 2xx. Stopped when the app closes.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { signIssuerWebhook, type IssuerPlatform } from '@aipay/pay-protocols';
import type { SandboxConfig } from '../../config.js';
import { transactionView, type IssuerCard, type IssuerTransaction, type TransactionType } from './model.js';
import { issuerSecrets } from './platforms.js';

/** Attempts per delivery: the first and 5 redeliveries after retryMs x 1, 2, 4, 8, 16. */
export const ATTEMPTS = 6;
const ATTEMPT_TIMEOUT_MS = 5000;

export const EVENT_TYPES: Partial<Record<TransactionType, string>> = {
  authorisation: 'transaction.authorised',
  decline: 'transaction.declined',
  reversal: 'transaction.reversed',
  refund: 'transaction.refunded',
  fee: 'transaction.fee',
};

/** The same event keeps its id through copies and redeliveries. */
export function webhookId(platform: IssuerPlatform, transactionId: string): string {
  const hash = createHash('sha256').update(`${platform}:${transactionId}`).digest('hex');
  return platform === 'qbitbudget' ? `qbe_${hash.slice(0, 28)}` : `cp_evt_${hash.slice(0, 28)}`;
}

/** The event's body: the same bytes in every copy (only the signature headers change). */
export function webhookBody(card: IssuerCard, transaction: IssuerTransaction): string | null {
  const type = EVENT_TYPES[transaction.type];
  if (!type) return null;
  return JSON.stringify({
    id: webhookId(card.platform, transaction.transactionId),
    type,
    platform: card.platform,
    createdAt: transaction.createdAt,
    data: transactionView(card, transaction),
  });
}

export class IssuerWebhooks {
  private readonly controller = new AbortController();

  constructor(
    private readonly config: SandboxConfig,
    private readonly log: FastifyBaseLogger,
    private readonly random: () => number,
  ) {}

  /** After PAY_NOTIFY_DELAY_MS, every event in 1 + PAY_NOTIFY_DUPLICATES concurrent copies. */
  announce(card: IssuerCard, transactions: IssuerTransaction[]): void {
    sleep(this.config.PAY_NOTIFY_DELAY_MS, undefined, { signal: this.controller.signal })
      .then(() => this.send(card, transactions, 1 + this.config.PAY_NOTIFY_DUPLICATES))
      .catch((error: unknown) => {
        if (!this.controller.signal.aborted) this.log.error({ err: error }, 'issuer webhook failed');
      });
  }

  /** Sends events again now, `copies` of each at once (the test API). */
  resend(card: IssuerCard, transactions: IssuerTransaction[], copies: number): void {
    void this.send(card, transactions, copies);
  }

  private async send(card: IssuerCard, transactions: IssuerTransaction[], copies: number): Promise<void> {
    await Promise.all(transactions.flatMap((transaction) => Array.from({ length: copies }, () => this.deliver(card, transaction))));
  }

  /** One delivery: up to ATTEMPTS attempts until a 2xx. True when acknowledged. */
  async deliver(card: IssuerCard, transaction: IssuerTransaction): Promise<boolean> {
    const { signal } = this.controller;
    const { webhookUrl: url, webhookSecret: secret } = issuerSecrets(this.config, card.platform);
    const body = webhookBody(card, transaction);
    const id = webhookId(card.platform, transaction.transactionId);
    const context = { platform: card.platform, cardId: card.cardId, webhookId: id, type: transaction.type };
    if (!url || !secret || !body) {
      if (body) this.log.warn(context, 'issuer webhook not sent: no webhook URL or secret');
      return false;
    }
    try {
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        if (attempt > 0) await sleep(this.config.PAY_NOTIFY_RETRY_MS * 2 ** (attempt - 1), undefined, { signal });
        if (this.random() < this.config.PAY_NOTIFY_FAILURE_RATE) {
          this.log.info({ ...context, attempt }, 'issuer webhook dropped (PAY_NOTIFY_FAILURE_RATE)');
          continue;
        }
        try {
          // Signed afresh for every attempt: the receiver checks the timestamp.
          const headers = { 'content-type': 'application/json; charset=utf-8', ...signIssuerWebhook(card.platform, { secret, webhookId: id, body }) };
          const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.any([signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]) });
          await response.body?.cancel();
          if (response.ok) return true;
          this.log.warn({ ...context, attempt, status: response.status }, 'issuer webhook not acknowledged');
        } catch (error) {
          if (signal.aborted) return false;
          this.log.warn({ ...context, attempt, err: error }, 'issuer webhook failed');
        }
      }
      this.log.error(context, `issuer webhook given up after ${ATTEMPTS} attempts`);
      return false;
    } catch (error) {
      if (!signal.aborted) throw error;
      return false;
    }
  }

  close(): void {
    this.controller.abort();
  }
}
