// The channel adapters: what payments sends TO the providers (docs/pay-channels.md): creating the
// trade an order is paid through, and refunding. One file per protocol; all signing and
// verification through @aipay/pay-protocols.
import { PayChannel, TransactionType, type ClientType } from '@aipay/contracts';
import type { PaymentsConfig } from '../../config.js';
import type { OrderDoc, RefundEntry } from '../../store/orders.js';
import { alipayAdapter } from './alipay.js';
import { stripeAdapter } from './stripe.js';
import { unionPayAdapter } from './unionpay.js';
import { wechatAdapter } from './wechat.js';
import { pem, type Fetch, type Http } from './support.js';

export { ChannelError, type ChannelErrorReason } from './support.js';

/** The payment providers' protocols (each with its notification route). */
export const PROTOCOLS = ['alipay', 'alipayhk', 'wechat', 'stripe', 'unionpay'] as const;
/** A provider's protocol, or `balance`: channel 5, our card service's ledger (balance.ts). */
export type Protocol = (typeof PROTOCOLS)[number] | 'balance';

/**
 * Channel 5 is the card balance; channel 2 (card payment provider) speaks Stripe; every other
 * channel the protocol of its wallet (which only a balance order lacks).
 */
export function protocolOf(channelType: PayChannel, transactionType: TransactionType | null): Protocol {
  if (channelType === PayChannel.balance) return 'balance';
  if (channelType === PayChannel.cardPaymentProvider) return 'stripe';
  if (transactionType === null) throw new Error(`channel ${channelType} needs a wallet (transactionType)`);
  switch (transactionType) {
    case TransactionType.alipay:
      return 'alipay';
    case TransactionType.wechat:
      return 'wechat';
    case TransactionType.union:
      return 'unionpay';
    case TransactionType.alipayHK:
      return 'alipayhk';
  }
}

export interface CreateTradeInput {
  order: OrderDoc;
  /** Desktop gets the text a QR code encodes, mobile an H5 link or an auto-submitting form. */
  clientType: ClientType;
  /** `{NOTIFY_BASE_URL}/v1/pay/notify/{protocol}`. */
  notifyUrl: string;
  /** `{PUBLIC_WEB_URL}/pay-result?orderNo=…&redirect=1`. */
  returnUrl: string;
  /** The payer's address (WeChat H5 `scene_info.payer_client_ip`). */
  clientIp?: string;
  now?: Date;
}

export interface CreatedTrade {
  payUrl?: string;
  payHtml?: string;
  /** The provider's id of the trade, kept on the order when a refund needs it (Stripe payment intent). */
  tradeRef?: string;
}

export interface RefundInput {
  order: OrderDoc;
  refund: RefundEntry;
  /** The refund may have been sent before (sweep): ask for its state first where the provider has a query. */
  inquire?: boolean;
  now?: Date;
}

export interface RefundResult {
  status: 'succeeded' | 'processing' | 'failed';
  providerRefundNo?: string;
  message?: string;
}

export interface ChannelAdapter {
  readonly protocol: Protocol;
  /** Throws ChannelError when the provider is unreachable, slow, refuses or answers unverifiably. */
  createTrade(input: CreateTradeInput): Promise<CreatedTrade>;
  /** Idempotent on `refund.refundNo` at the provider; throws ChannelError when there is no trustworthy answer. */
  refund(input: RefundInput): Promise<RefundResult>;
}

export interface Channels {
  adapter(protocol: Protocol): ChannelAdapter;
}

/** The providers' adapters only: `balance` is added by `withBalance` (balance.ts) from the card service. */
export interface ProviderChannels {
  adapter(protocol: Exclude<Protocol, 'balance'>): ChannelAdapter;
}

export interface ChannelOptions {
  fetch?: Fetch;
  /** Per provider call, milliseconds (default 10 s). */
  timeoutMs?: number;
}

/** The real adapters, configured from the environment (keys optional outside production). */
export function createChannels(config: PaymentsConfig, options: ChannelOptions = {}): ProviderChannels {
  const http: Http = { fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)), timeoutMs: options.timeoutMs ?? 10_000 };
  const adapters: Record<Exclude<Protocol, 'balance'>, ChannelAdapter> = {
    alipay: alipayAdapter(
      {
        protocol: 'alipay',
        appId: config.ALIPAY_APP_ID,
        privateKey: pem(config.ALIPAY_PRIVATE_KEY),
        publicKey: pem(config.ALIPAY_PUBLIC_KEY),
        gatewayUrl: config.ALIPAY_GATEWAY_URL,
      },
      http,
    ),
    alipayhk: alipayAdapter(
      {
        protocol: 'alipayhk',
        appId: config.ALIPAYHK_APP_ID,
        privateKey: pem(config.ALIPAYHK_PRIVATE_KEY),
        publicKey: pem(config.ALIPAYHK_PUBLIC_KEY),
        gatewayUrl: config.ALIPAYHK_GATEWAY_URL,
      },
      http,
    ),
    wechat: wechatAdapter(
      {
        appId: config.WECHAT_APP_ID,
        mchId: config.WECHAT_MCH_ID,
        privateKey: pem(config.WECHAT_PRIVATE_KEY),
        serialNo: config.WECHAT_SERIAL_NO,
        platformSerial: config.WECHAT_PLATFORM_SERIAL,
        platformPublicKey: pem(config.WECHAT_PLATFORM_PUBLIC_KEY),
        apiBase: config.WECHAT_API_BASE,
      },
      http,
    ),
    stripe: stripeAdapter({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE }, http),
    unionpay: unionPayAdapter(
      {
        merId: config.UNIONPAY_MER_ID,
        privateKey: pem(config.UNIONPAY_PRIVATE_KEY),
        certId: config.UNIONPAY_CERT_ID,
        publicKey: pem(config.UNIONPAY_PUBLIC_KEY),
        frontUrl: config.UNIONPAY_FRONT_URL,
        backUrl: config.UNIONPAY_BACK_URL,
        refundNotifyUrl: `${config.NOTIFY_BASE_URL}/v1/pay/notify/unionpay/refund`,
      },
      http,
    ),
  };
  return { adapter: (protocol) => adapters[protocol] };
}

/** The adapter of the channel an order was created on. */
export function adapterOf(channels: Channels, order: Pick<OrderDoc, 'channelType' | 'transactionType'>): ChannelAdapter {
  return channels.adapter(protocolOf(order.channelType, order.transactionType));
}
