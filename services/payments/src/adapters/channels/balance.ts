// Channel 5, the card balance, behind the same ChannelAdapter as the providers, so the refund
// executor (src/refunds.ts) returns a balance order's refunds like any other: to where the money
// came from, here the card, through the card service's credits (idempotent by refundNo). A balance
// order is paid by POST /v1/pay/balancePay, never through a pay URL: createTrade is refused
// (PAY_LINK_FAILED at the route).
import { CardServiceError, type CardLedger } from '../card.js';
import { ChannelError, type ChannelErrorReason } from './support.js';
import type { ChannelAdapter, Channels, ProviderChannels } from './index.js';

const REASONS: Record<CardServiceError['reason'], ChannelErrorReason> = {
  unreachable: 'unreachable',
  timeout: 'timeout',
  serverError: 'unreachable',
  refused: 'refused',
  badAnswer: 'badAnswer',
};

export function balanceAdapter(card: CardLedger): ChannelAdapter {
  return {
    protocol: 'balance',
    createTrade: () => Promise.reject(new ChannelError('balance', 'refused', 'a balance order has no pay URL (POST /v1/pay/balancePay pays it)')),
    refund: async ({ order, refund }) => {
      if (!order.cardId) throw new ChannelError('balance', 'refused', `balance order ${order._id} has no cardId`);
      try {
        // payCurrency is USD on a balance order: the refund's amount is US cents.
        await card.credit({ userId: order.userId, cardId: order.cardId, orderNo: order._id, refundNo: refund.refundNo, amount: refund.amount });
      } catch (error) {
        if (error instanceof CardServiceError) throw new ChannelError('balance', REASONS[error.reason], error.message, { cause: error });
        throw error;
      }
      return { status: 'succeeded', providerRefundNo: refund.refundNo };
    },
  };
}

/** The providers' adapters plus `balance` (the card service): what the context and the executor use. */
export function withBalance(providers: ProviderChannels, card: CardLedger): Channels {
  const balance = balanceAdapter(card);
  return { adapter: (protocol) => (protocol === 'balance' ? balance : providers.adapter(protocol)) };
}
