// The refund executor: sends the refund in flight on an order (a user's request or the automatic
// refund of a late payment) to the original channel, our refundNo being the provider's
// idempotency key, and applies the answer in ONE conditional update.
//
// A refund the user asks for of a recharge (order types 0 and 13 through an outside channel) moves
// money the card service already credited to the card: it first takes it off the card (the card's
// debit, keyed by the refundNo, keeping at least $1 on the card, 001 §5), and only then goes to the
// channel; should the channel refuse it, the money goes back onto the card (the card's credit, keyed
// by the refundNo) before the order returns to paid | partiallyRefunded. The steps of the refund in
// flight (the last entry of a refunding order), each recorded by one conditional update:
//
//   requested, cardDebit pending ──card debited──▶ requested, cardDebit done ──▶ (channel)
//   requested, cardDebit pending ──card refused──▶ failed, cardDebit refused; order back (no event)
//   requested (cardDebit done | none) ──channel succeeded──▶ succeeded; refunded | partiallyRefunded + refund.succeeded
//   requested, cardDebit none ──channel failed──▶ failed; order back (no event)
//   requested, cardDebit done ──channel failed──▶ failed, cardCredit pending (order still refunding)
//   failed, cardCredit pending ──card credited──▶ failed, cardCredit done; order back (no event)
//
// Every card call is idempotent at the card (by refundNo), so a crash anywhere is finished by the
// sweep asking the same call again: a debit asked but not recorded is answered again (never taken
// twice), a credit made but not recorded is answered `credited` again (never made twice). The
// channel's failure is recorded before the credit, so a refund that failed is never sent again.
//
// Run right after the refund is recorded (kick, fire and forget; the route asks the card debit
// itself first) and by the sweep in main.ts for refunds still in flight (crash recovery, the card
// not reachable, `processing` answers). Several executors may work on the same refund at once (kick
// + sweep, several instances): the card and the provider act once per refundNo, and each update is
// conditional on "refunding with exactly this many refunds, the last one in the step read", which
// only one executor can satisfy, so each outcome and its refund.succeeded are stored once.
import { outboxEvent, pushEvents } from '@aipay/kit';
import { refundSucceededEvent } from '@aipay/contracts';
import { adapterOf, type Channels, type RefundResult } from './adapters/channels/index.js';
import type { CardLedger, DebitAnswer } from './adapters/card.js';
import { MIN_BALANCE_AFTER_REFUND, nextPayOrderStatus, PayOrderStatus } from './domain/orderStatus.js';
import type { OrderDoc, OrderModels, OrderStore, RefundEntry } from './store/orders.js';

export interface RefundLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export type RefundRun =
  /** Nothing in flight: not refunding (any more), or no step left. */
  | { result: 'none' }
  /**
   * `applied`: this executor's update stored the outcome (false: another one did first). A failed
   * recharge refund is `applied` by the executor whose update returned the order after the credit.
   */
  | { result: 'succeeded' | 'failed'; applied: boolean; order: OrderDoc | null }
  /** The card refused to give the recharge back (`card.status`: insufficient, noCard, frozen): the refund failed. */
  | { result: 'refused'; card: DebitAnswer; applied: boolean; order: OrderDoc | null }
  | { result: 'processing' };

/** What the refund in flight waits for: the card's debit, the channel, or the card's credit back. */
export type RefundStep = 'cardDebit' | 'channel' | 'cardCredit';

/** The refund in flight (the last entry of a refunding order) and its next step; null when none. */
export function refundStep(order: Pick<OrderDoc, 'status' | 'refunds'>): { entry: RefundEntry; step: RefundStep } | null {
  const last = order.refunds.at(-1);
  if (order.status !== PayOrderStatus.refunding || !last) return null;
  if (last.status === 'requested') return { entry: last, step: last.cardDebit === 'pending' ? 'cardDebit' : 'channel' };
  if (last.status === 'failed' && last.cardCredit === 'pending') return { entry: last, step: 'cardCredit' };
  return null;
}

/** The refund in flight: the last entry of a refunding order, while a step is left. */
export function refundInFlight(order: OrderDoc): RefundEntry | null {
  return refundStep(order)?.entry ?? null;
}

/**
 * The filter only the refund in flight satisfies, in the step read: refunding, exactly this many
 * refunds (entries are only appended, one in flight at a time), the last one as read.
 */
function stepFilter(order: OrderDoc, expected: Partial<Pick<RefundEntry, 'status' | 'cardDebit' | 'cardCredit'>>) {
  const last = `refunds.${order.refunds.length - 1}`;
  const filter: Record<string, unknown> = { _id: order._id, status: PayOrderStatus.refunding, refunds: { $size: order.refunds.length } };
  for (const [field, value] of Object.entries(expected)) filter[`${last}.${field}`] = value;
  return filter;
}

/** The refunds that succeeded before the one in flight. */
const succeededBefore = (order: OrderDoc) => order.refunds.slice(0, -1).filter((refund) => refund.status === 'succeeded');

/** Back to paid | partiallyRefunded (the refund failed); null when not refunding. */
function statusAfterFailure(order: OrderDoc) {
  const transition = nextPayOrderStatus(order.status, { type: 'refundFailed', refundedBefore: succeededBefore(order).length > 0 });
  return transition.ok ? transition.status : null;
}

async function update(models: OrderModels, filter: Record<string, unknown>, change: Record<string, unknown>): Promise<OrderDoc | null> {
  return models.Order.findOneAndUpdate(filter, change, { returnDocument: 'after' }).lean<OrderDoc>().exec();
}

/**
 * Applies a provider's final answer once: refunding → refunded | partiallyRefunded (succeeded,
 * with refund.succeeded in the same update) or back to paid | partiallyRefunded (failed, no
 * event); a failed refund whose money came off the card stays refunding with `cardCredit: pending`
 * (the credit back comes first, `creditBack`). The whole refunds array is set (FerretDB 1.x has no
 * positional `$`). Answers the order after the update, or null when another executor applied it first.
 */
export async function settleRefund(models: OrderModels, order: OrderDoc, result: RefundResult, now = new Date()): Promise<OrderDoc | null> {
  const flight = refundStep(order);
  if (!flight || flight.step !== 'channel' || result.status === 'processing') return null;
  const { entry } = flight;
  const succeeded = result.status === 'succeeded';
  const full = succeededBefore(order).reduce((sum, refund) => sum + refund.usdAmount, entry.usdAmount) >= order.usdAmount;
  const creditBack = !succeeded && entry.cardDebit === 'done';
  const transition = succeeded ? nextPayOrderStatus(order.status, { type: 'refundSucceeded', full }) : null;
  const status = succeeded ? (transition?.ok ? transition.status : null) : creditBack ? PayOrderStatus.refunding : statusAfterFailure(order);
  if (!status) return null;
  const settled: RefundEntry = {
    ...entry,
    status: succeeded ? 'succeeded' : 'failed',
    settledAt: now,
    providerRefundNo: result.providerRefundNo ?? null,
    message: result.message ?? null,
    ...(creditBack ? { cardCredit: 'pending' as const } : {}),
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
  return update(models, stepFilter(order, { status: 'requested' }), { $set: { status, refunds: [...order.refunds.slice(0, -1), settled] }, ...events });
}

export interface RefundExecutorDeps {
  orders: OrderStore;
  channels: Channels;
  /** The card service: a recharge refund's debit and, when the channel refuses it, the credit back. */
  card: Pick<CardLedger, 'debit' | 'credit'>;
  log: RefundLog;
  /** Called after an update that stored refund.succeeded (wakes the relay). */
  eventsStored: () => void;
}

/** What the card step of a recharge refund came to. */
export type CardDebitRun =
  | { result: 'none' }
  | { result: 'debited'; applied: boolean; order: OrderDoc | null }
  | { result: 'refused'; card: DebitAnswer; applied: boolean; order: OrderDoc | null };

export class RefundExecutor {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: RefundExecutorDeps) {}

  /**
   * The first step of a recharge refund: asks the card (the order's businessRef) to give the money
   * back, keyed by the refundNo, keeping at least $1 on it (001 §5), and records the answer once:
   * debited → `cardDebit: done` (the channel may be asked); refused → the entry failed with
   * `cardDebit: refused`, the order back to paid | partiallyRefunded, no event. The card not
   * reachable (or answering nothing we can trust): CardServiceError is thrown, nothing changes, the
   * sweep asks again (the same answer, never a second debit). `none`: no card debit pending.
   */
  async debitCard(order: OrderDoc, now = new Date()): Promise<CardDebitRun> {
    const flight = refundStep(order);
    if (!flight || flight.step !== 'cardDebit') return { result: 'none' };
    const { entry } = flight;
    const answer = await this.deps.card.debit({
      userId: order.userId,
      cardId: order.businessRef,
      // The debit's key: the refund (several refunds of one recharge are several debits).
      orderNo: entry.refundNo,
      amount: entry.usdAmount,
      reason: 'rechargeRefund',
      keepAtLeast: MIN_BALANCE_AFTER_REFUND,
    });
    const models = this.deps.orders.models;
    const filter = stepFilter(order, { status: 'requested', cardDebit: 'pending' });
    const rest = order.refunds.slice(0, -1);
    if (answer.status === 'debited') {
      const after = await update(models, filter, { $set: { refunds: [...rest, { ...entry, cardDebit: 'done' }] } });
      return { result: 'debited', applied: after !== null, order: after };
    }
    const status = statusAfterFailure(order);
    if (!status) return { result: 'none' };
    const refused: RefundEntry = { ...entry, status: 'failed', cardDebit: 'refused', settledAt: now, message: answer.status };
    const after = await update(models, filter, { $set: { status, refunds: [...rest, refused] } });
    if (after) {
      this.deps.log.info({ orderNo: order._id, refundNo: entry.refundNo, card: answer.status, balance: answer.balance }, 'recharge refund refused by the card');
    }
    return { result: 'refused', card: answer, applied: after !== null, order: after };
  }

  /**
   * The last step of a recharge refund the channel refused: the money goes back onto the card
   * (credit keyed by the refundNo: a repeat credits nothing), then ONE update returns the order to
   * paid | partiallyRefunded with `cardCredit: done`. Card errors are thrown (the sweep retries).
   */
  private async creditBack(order: OrderDoc): Promise<OrderDoc | null> {
    const flight = refundStep(order);
    const status = statusAfterFailure(order);
    if (!flight || flight.step !== 'cardCredit' || !status) return null;
    const { entry } = flight;
    // Back for the debit keyed by the refundNo, the credit keyed by the refundNo too.
    await this.deps.card.credit({ userId: order.userId, cardId: order.businessRef, orderNo: entry.refundNo, refundNo: entry.refundNo, amount: entry.usdAmount });
    return update(this.deps.orders.models, stepFilter(order, { status: 'failed', cardCredit: 'pending' }), {
      $set: { status, refunds: [...order.refunds.slice(0, -1), { ...entry, cardCredit: 'done' }] },
    });
  }

  /**
   * Takes the order's refund in flight through its steps (card debit, channel, card credit back)
   * and applies each answer once; provider and card errors are thrown (the sweep retries).
   */
  async execute(orderNo: string, options: { inquire?: boolean; now?: Date } = {}): Promise<RefundRun> {
    // At most: card debit, channel, card credit back.
    for (let round = 0; round < 3; round += 1) {
      const order = await this.deps.orders.byNo(orderNo);
      const flight = order && refundStep(order);
      if (!order || !flight) return { result: 'none' };
      const { entry, step } = flight;

      if (step === 'cardDebit') {
        const run = await this.debitCard(order, options.now);
        if (run.result === 'refused') return run;
        continue;
      }

      if (step === 'cardCredit') {
        const after = await this.creditBack(order);
        if (after) this.deps.log.warn({ orderNo, refundNo: entry.refundNo, reason: entry.reason, message: entry.message }, 'refund failed: the recharge went back onto the card');
        return { result: 'failed', applied: after !== null, order: after };
      }

      const result = await adapterOf(this.deps.channels, order).refund({ order, refund: entry, inquire: options.inquire ?? false, now: options.now });
      const log = { orderNo, refundNo: entry.refundNo, reason: entry.reason, status: result.status, message: result.message };
      if (result.status === 'processing') {
        this.deps.log.info(log, 'refund processing at the provider: the sweep asks again');
        return { result: 'processing' };
      }
      const after = await settleRefund(this.deps.orders.models, order, result, options.now);
      // The channel refused a refund whose money came off the card: the credit back comes next.
      if (after && refundStep(after)?.step === 'cardCredit') continue;
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
    return { result: 'none' };
  }

  /** Fire and forget (right after a refund is recorded); errors are logged, the sweep retries. */
  kick(orderNo: string): void {
    const run = this.execute(orderNo)
      .catch((error: unknown) => this.deps.log.warn({ err: error, orderNo }, 'refund not sent: the sweep retries'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /**
   * Takes every refund in flight whose entry is at least `minAgeMs` old (younger ones are left to
   * their request and kick) through its remaining steps: the card debit not answered yet, the
   * channel (asking the provider for its state first), the card credit back. Answers how many were
   * settled.
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
