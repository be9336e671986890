// Recharge credits (docs/card.md "Recharge credit"): payment.succeeded of a recharge order (orderType
// 0) credits the order's usdAmount (payments kept the fee apart) to the card named by businessRef,
// as the ledger operation `recharge:{orderNo}`, with card.recharged stored in the same update of the
// card. A redelivered event is skipped by the consumer's processed-id record; a second event for the
// same order (or a crash after the credit and before that record) meets the op id in the ledger.
// A card that does not exist (or is another user's) fails the handler: retried, then dead-lettered
// by the kit (never dropped silently).
import { on, outboxEvent, type EventHandler } from '@aipay/kit';
import { cardRechargedEvent, OrderType, paymentSucceededEvent } from '@aipay/contracts';
import type { Ledger } from '../store/ledger.js';

export class RechargeWithoutCardError extends Error {
  override readonly name = 'RechargeWithoutCardError';
}

export interface RechargeDeps {
  ledger: Ledger;
  /** Wakes the outbox relay after card.recharged was stored. */
  eventsStored: () => void;
}

/** `definition`: payment.succeeded (tests pass a copy on a topic of their own). */
export function rechargeHandler(deps: RechargeDeps, definition: typeof paymentSucceededEvent = paymentSucceededEvent): EventHandler<typeof paymentSucceededEvent> {
  return on(definition, async (event, context) => {
    const payment = event.data;
    if (payment.orderType !== OrderType.recharge) return;
    const rechargedAt = new Date();
    const recharged = outboxEvent(
      cardRechargedEvent,
      {
        cardId: payment.businessRef,
        userId: payment.userId,
        orderNo: payment.orderNo,
        amount: payment.usdAmount,
        fee: payment.fee ?? 0,
        rechargedAt: rechargedAt.toISOString(),
      },
      rechargedAt,
    );
    const result = await deps.ledger.apply(payment.businessRef, {
      kind: 'recharge',
      key: payment.orderNo,
      amount: payment.usdAmount,
      userId: payment.userId,
      ref: { orderNo: payment.orderNo },
      events: [recharged],
    });
    if (result.status === 'noCard') {
      throw new RechargeWithoutCardError(`recharge ${payment.orderNo}: no card ${payment.businessRef} of user ${payment.userId}`);
    }
    if (result.status === 'applied') {
      deps.eventsStored();
      context.logger.info({ orderNo: payment.orderNo, cardId: payment.businessRef, amount: payment.usdAmount }, 'recharge credited');
    } else {
      context.logger.info({ orderNo: payment.orderNo, cardId: payment.businessRef }, 'recharge already credited');
    }
  });
}
