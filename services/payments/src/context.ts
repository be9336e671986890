// What the routes share: configuration, the order store, the channel catalogue, and a hook that
// wakes the outbox relay after a write that stored events.
import type { FastifyRequest } from 'fastify';
import { appError } from '@aipay/kit';
import { ClientType, Currency, PayChannel, type Language } from '@aipay/contracts';
import { fieldMessage } from '@aipay/contracts';
import type { PaymentsConfig } from './config.js';
import type { ChannelCatalogue } from './domain/channels.js';
import { usdToCny } from './domain/money.js';
import type { OrderDoc, OrderStore } from './store/orders.js';
import type { Channels } from './adapters/channels/index.js';
import type { RefundExecutor } from './refunds.js';
import type { IdentityDirectory } from './adapters/identity.js';
import type { UsageStore } from './store/usage.js';
import type { CardLedger } from './adapters/card.js';

export interface Ctx {
  config: PaymentsConfig;
  orders: OrderStore;
  catalogue: ChannelCatalogue;
  /** Called after a write that stored outbox events (wakes the relay). */
  eventsStored: () => void;
  /** The providers: creating trades and refunding (docs/pay-channels.md). */
  channels: Channels;
  /** Sends recorded refunds to their channel and applies the answers. */
  refunds: RefundExecutor;
  /** Identity's internal API: the payer's region and verification, face verification. */
  identity: IdentityDirectory;
  /** This month's recharges, the flex package rule, the identity hold. */
  usage: UsageStore;
  /** The card service's balance API: debits of balance payments, their state, refund credits. */
  card: CardLedger;
}

/** The `clientType` header: 2 mobile, anything else desktop. */
export function clientTypeOf(request: FastifyRequest): ClientType {
  const header = request.headers.clienttype;
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() === String(ClientType.mobile) ? ClientType.mobile : ClientType.desktop;
}

/** What the payer pays: US cents on the card provider (channel 2), RMB fen (rounded up) elsewhere. */
export function payAmountOf(ctx: Ctx, usdAmount: number, channelType: PayChannel): { payAmount: number; payCurrency: Currency } {
  if (channelType === PayChannel.cardPaymentProvider) return { payAmount: usdAmount, payCurrency: Currency.USD };
  return { payAmount: usdToCny(usdAmount, ctx.config.EXCHANGE_RATE, 'ceil'), payCurrency: Currency.RMB };
}

/** The order of the logged-in user: 404 when unknown, 403 when someone else's. Expiry applied lazily. */
export async function ownOrder(ctx: Ctx, request: FastifyRequest, orderNo: string): Promise<OrderDoc> {
  const order = await ctx.orders.closeIfExpired(orderNo);
  if (!order) throw appError('NOT_FOUND');
  if (order.userId !== request.user.sub) throw appError('NO_PERMISSION');
  return order;
}

/** A 400 naming the field, like the schema errors. */
export function invalidField(field: string, language: Language, key: 'invalid' | 'required' = 'invalid') {
  const message = fieldMessage(key, language, { field });
  return appError('PARAM_INVALID', { data: { field, issues: [{ field, message }] }, msg: message });
}
