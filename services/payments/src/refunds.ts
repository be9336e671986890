// The refund executor: sends the refund in flight on an order (a user's request or the automatic
// refund of a late payment) to the original channel, our refundNo being the provider's
// idempotency key, and applies the answer in ONE conditional update.
//
// Run right after the refund is recorded (kick, fire and forget) and by the sweep in main.ts for
// refunds still `requested` (crash recovery, `processing` answers). Several executors may send the
// same refund at once (kick + sweep, several instances): the provider refunds once per refundNo,
// and the update is conditional on "refunding with exactly this many refunds", which only the
// refund in flight can satisfy (entries are only ever appended, one in flight at a time), so the
// first executor applies the outcome and its refund.succeeded, and the others match nothing.
import { outboxEvent, pushEvents } from '@aipay/kit';
import { refundSucceededEvent } from '@aipay/contracts';
import { adapterOf, type Channels, type RefundResult } from './adapters/channels/index.js';
import { nextPayOrderStatus, PayOrderStatus } from './domain/orderStatus.js';
import type { OrderDoc, OrderModels, OrderStore, RefundEntry } from './store/orders.js';

export interface RefundLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export type RefundRun =
  /** Nothing in flight: not refunding (any more), or no requested entry. */
  | { result: 'none' }
  /** `applied`: this executor's update stored the outcome (false: another one did first). */
  | { result: 'succeeded' | 'failed'; applied: boolean; order: OrderDoc | null }
  | { result: 'processing' };

/** The refund in flight: the last entry of a refunding order, while requested. */
export function refundInFlight(order: OrderDoc): RefundEntry | null {
  const last = order.refunds.at(-1);
  return order.status === PayOrderStatus.refunding && last?.status === 'requested' ? last : null;
}

/**
 * Applies a provider's final answer once: refunding → refunded | partiallyRefunded (succeeded,
 * with refund.succeeded in the same update) or back to paid | partiallyRefunded (failed, no
 * event). The whole refunds array is set (FerretDB 1.x has no positional `$`). Answers the order
 * after the update, or null when another executor applied it first.
 */
export async function settleRefund(models: OrderModels, order: OrderDoc, result: RefundResult, now = new Date()): Promise<OrderDoc | null> {
  const entry = refundInFlight(order);
  if (!entry || result.status === 'processing') return null;
  const earlier = order.refunds.slice(0, -1).filter((refund) => refund.status === 'succeeded');
  const succeeded = result.status === 'succeeded';
  const full = earlier.reduce((sum, refund) => sum + refund.usdAmount, entry.usdAmount) >= order.usdAmount;
  const transition = succeeded
    ? nextPayOrderStatus(order.status, { type: 'refundSucceeded', full })
    : nextPayOrderStatus(order.status, { type: 'refundFailed', refundedBefore: earlier.length > 0 });
  if (!transition.ok) return null;
  const settled: RefundEntry = {
    ...entry,
    status: succeeded ? 'succeeded' : 'failed',
    settledAt: now,
    providerRefundNo: result.providerRefundNo ?? null,
    message: result.message ?? null,
  };
  const events = succeeded
    ? pushEvents(
        outboxEvent(
          refundSucceededEvent,
          {
            refundNo: entry.refundNo,
            orderNo: order._id,
            userId: order.userId,
            orderType: order.orderType,
            businessRef: order.businessRef,
            amount: entry.amount,
            currency: order.payCurrency,
            usdAmount: entry.usdAmount,
            full,
            reason: entry.reason,
            refundedAt: now.toISOString(),
          },
          now,
        ),
      )
    : {};
  return models.Order.findOneAndUpdate(
    { _id: order._id, status: PayOrderStatus.refunding, refunds: { $size: order.refunds.length } },
    { $set: { status: transition.status, refunds: [...order.refunds.slice(0, -1), settled] }, ...events },
    { returnDocument: 'after' },
  )
    .lean<OrderDoc>()
    .exec();
}

export interface RefundExecutorDeps {
  orders: OrderStore;
  channels: Channels;
  log: RefundLog;
  /** Called after an update that stored refund.succeeded (wakes the relay). */
  eventsStored: () => void;
}

export class RefundExecutor {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: RefundExecutorDeps) {}

  /** Sends the order's refund in flight once and applies the answer; provider errors are thrown. */
  async execute(orderNo: string, options: { inquire?: boolean; now?: Date } = {}): Promise<RefundRun> {
    const order = await this.deps.orders.byNo(orderNo);
    const entry = order && refundInFlight(order);
    if (!order || !entry) return { result: 'none' };
    const result = await adapterOf(this.deps.channels, order).refund({ order, refund: entry, inquire: options.inquire ?? false, now: options.now });
    const log = { orderNo, refundNo: entry.refundNo, reason: entry.reason, status: result.status, message: result.message };
    if (result.status === 'processing') {
      this.deps.log.info(log, 'refund processing at the provider: the sweep asks again');
      return { result: 'processing' };
    }
    const after = await settleRefund(this.deps.orders.models, order, result, options.now);
    if (after) {
      if (result.status === 'succeeded') this.deps.eventsStored();
      if (result.status === 'failed' && entry.reason === 'latePayment') {
        this.deps.log.error(log, 'automatic refund of a late payment failed: return it by hand');
      } else {
        this.deps.log[result.status === 'failed' ? 'warn' : 'info'](log, `refund ${result.status}`);
      }
    }
    return { result: result.status, applied: after !== null, order: after };
  }

  /** Fire and forget (right after a refund is recorded); errors are logged, the sweep retries. */
  kick(orderNo: string): void {
    const run = this.execute(orderNo)
      .catch((error: unknown) => this.deps.log.warn({ err: error, orderNo }, 'refund not sent: the sweep retries'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /**
   * Sends every refund still requested whose entry is at least `minAgeMs` old (younger ones are
   * left to their kick), asking the provider for its state first. Answers how many were settled.
   */
  async sweep(options: { now?: Date; minAgeMs?: number; limit?: number } = {}): Promise<number> {
    const now = options.now ?? new Date();
    const before = now.getTime() - (options.minAgeMs ?? 5_000);
    const refunding = await this.deps.orders.models.Order.find({ status: PayOrderStatus.refunding }, { _id: 1, status: 1, refunds: 1 })
      .limit(options.limit ?? 200)
      .lean<Pick<OrderDoc, '_id' | 'status' | 'refunds'>[]>()
      .exec();
    let settled = 0;
    for (const order of refunding) {
      const entry = refundInFlight(order as OrderDoc);
      if (!entry || entry.createdAt.getTime() > before) continue;
      try {
        const run = await this.execute(order._id, { inquire: true });
        if (run.result !== 'none' && run.result !== 'processing' && run.applied) settled += 1;
      } catch (error) {
        this.deps.log.warn({ err: error, orderNo: order._id, refundNo: entry.refundNo }, 'refund retry failed: next sweep');
      }
    }
    return settled;
  }

  /** Resolves when every kicked refund has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
