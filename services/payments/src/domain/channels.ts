// The payment channel catalogue (seed 001 §9 "Recharge channels", 002 §9 "Default payment") as
// configuration, the channel chooser's filter, the default payment and the recharge fee.
import {
  ClientType,
  OrderType,
  PayChannel,
  PayPageType,
  TransactionType,
  enumValues,
  payChannelSchema,
  payPageTypeSchema,
  transactionTypeSchema,
} from '@aipay/contracts';
import { z } from 'zod';
import { feeOf, type FeeRule } from './money.js';

/** One channel's configuration. Amounts are US cents; null means "no limit". */
export interface ChannelConfig {
  readonly channelType: PayChannel;
  /** The wallets this channel takes (a channel shows once per wallet in the chooser). */
  readonly transactionTypes: readonly TransactionType[];
  readonly enabled: boolean;
  /** QR code pages are offered on desktop, H5 pages on mobile (001 §4 item 9, 002 §6). */
  readonly pageTypes: readonly PayPageType[];
  readonly fee: FeeRule;
  readonly perPaymentLimit: number | null;
  readonly minimum: number | null;
  /** Total recharge (order type 0) per calendar month on this channel. */
  readonly monthlyLimit: number | null;
}

export type ChannelCatalogue = Readonly<Record<PayChannel, ChannelConfig>>;

const dollars = (n: number): number => n * 100;

/** The seeds' numbers (001 §9), in US cents and basis points. */
export const CHANNEL_DEFAULTS = {
  /**
   * General channel recharge fee. 001 §9 says 2 % twice ("general channel $100 per payment at
   * 2%", "2% on the general channel") and "another text says 3.5%" without saying which text is
   * newer; 2 % is taken as current, and the percentage is a parameter (`generalFeeBps`).
   */
  generalFeeBps: 200,
  generalPerPaymentLimit: dollars(100),
  unionPayLimit: dollars(120),
  unionPayMinimum: dollars(20),
  alipayHkLimit: dollars(120),
  alipayHkMinimum: dollars(20),
  newerLimit: dollars(400),
  newerMinimum: dollars(10),
  /** "Monthly top-up limit $1,000 on one channel": the seeds do not say which; ours is channel 6. */
  monthlyTopUpLimit: dollars(1_000),
  /**
   * Card payment provider (channel 2): "a percentage plus a fixed fee per transaction with no
   * limit"; the values are not shown. Ours: the usual card-processor 2.9 % + 30 cents.
   */
  cardProviderFee: { bps: 290, fixedMinor: 30 } satisfies FeeRule,
} as const;

export interface CatalogueOptions {
  /** The general percentage in basis points (200 = 2 %, 350 = 3.5 %). */
  readonly generalFeeBps?: number;
  readonly cardProviderFee?: FeeRule;
  /** Switch channels on or off without touching the rest of their configuration. */
  readonly enabled?: Partial<Record<PayChannel, boolean>>;
}

const BOTH_PAGES = [PayPageType.qrCode, PayPageType.h5] as const;
const { alipay, wechat, union, alipayHK } = TransactionType;

type Tier = 'general' | 'unionPay' | 'alipayHk' | 'newer' | 'cardProvider' | 'balance';

/**
 * Which wallets, pages and limit tier each channel has. The seeds name the channels (001 §3) and the
 * wallets of some (002 §9 "Other channels"); the rest, and which channels are enabled, are ours.
 */
const LAYOUT: Readonly<Record<PayChannel, { tier: Tier; types: readonly TransactionType[]; enabled: boolean; pages?: readonly PayPageType[] }>> = {
  [PayChannel.allPay]: { tier: 'unionPay', types: [union], enabled: true },
  // Default desktop Alipay (002 §9); desktop only, since mobile defaults to channel 6.
  [PayChannel.cardPaymentProvider]: { tier: 'cardProvider', types: [alipay], enabled: true, pages: [PayPageType.qrCode] },
  [PayChannel.crossBorderPay]: { tier: 'general', types: [alipay], enabled: false },
  [PayChannel.wechat]: { tier: 'general', types: [wechat], enabled: true },
  // Balance is paid through its own call (POST /v1/pay/balancePay), never offered in the chooser.
  [PayChannel.balance]: { tier: 'balance', types: [], enabled: false, pages: [] },
  // "Fuliye": mobile default and the forced channel of Hong Kong/Macao users.
  [PayChannel.fourierAlipay]: { tier: 'general', types: [alipay], enabled: true },
  [PayChannel.newPay]: { tier: 'newer', types: [alipay], enabled: true },
  // "Alipay HK (new all-pay)".
  [PayChannel.newAllPayUnion]: { tier: 'alipayHk', types: [alipayHK, union], enabled: true },
  [PayChannel.smallWorld]: { tier: 'general', types: [alipay], enabled: false },
  [PayChannel.youWorldNewPay]: { tier: 'general', types: [alipay], enabled: false },
  [PayChannel.transferEasy]: { tier: 'general', types: [alipay], enabled: false },
  [PayChannel.allInPay]: { tier: 'newer', types: [wechat], enabled: true },
  [PayChannel.lianlian]: { tier: 'general', types: [alipay], enabled: false },
  [PayChannel.suPay]: { tier: 'newer', types: [alipay, wechat], enabled: true },
  [PayChannel.transferEasyPayForMe]: { tier: 'newer', types: [alipay], enabled: true },
  [PayChannel.iotPay]: { tier: 'newer', types: [alipay, wechat], enabled: true },
  [PayChannel.allInPay17]: { tier: 'newer', types: [wechat, alipay], enabled: true },
  [PayChannel.gecko]: { tier: 'newer', types: [alipay], enabled: true },
  [PayChannel.liquidity]: { tier: 'newer', types: [alipay], enabled: true },
  [PayChannel.allInPay20]: { tier: 'newer', types: [wechat, alipay], enabled: false },
  [PayChannel.allInPay21]: { tier: 'newer', types: [wechat, alipay], enabled: false },
  [PayChannel.newPay22]: { tier: 'newer', types: [alipay], enabled: false },
  [PayChannel.allInPay23]: { tier: 'newer', types: [wechat, alipay], enabled: false },
  [PayChannel.allInPay24]: { tier: 'newer', types: [wechat, alipay], enabled: false },
};

function tierTerms(tier: Tier, options: CatalogueOptions): Pick<ChannelConfig, 'fee' | 'perPaymentLimit' | 'minimum'> {
  const d = CHANNEL_DEFAULTS;
  const general: FeeRule = { bps: options.generalFeeBps ?? d.generalFeeBps, fixedMinor: 0 };
  switch (tier) {
    case 'general':
      return { fee: general, perPaymentLimit: d.generalPerPaymentLimit, minimum: null };
    case 'unionPay':
      return { fee: general, perPaymentLimit: d.unionPayLimit, minimum: d.unionPayMinimum };
    case 'alipayHk':
      return { fee: general, perPaymentLimit: d.alipayHkLimit, minimum: d.alipayHkMinimum };
    case 'newer':
      return { fee: general, perPaymentLimit: d.newerLimit, minimum: d.newerMinimum };
    case 'cardProvider':
      return { fee: options.cardProviderFee ?? d.cardProviderFee, perPaymentLimit: null, minimum: null };
    case 'balance':
      return { fee: { bps: 0, fixedMinor: 0 }, perPaymentLimit: null, minimum: null };
  }
}

/** The catalogue with the seeds' values, optionally overridden. */
export function defaultCatalogue(options: CatalogueOptions = {}): ChannelCatalogue {
  const entries = enumValues(PayChannel).map((channelType): [PayChannel, ChannelConfig] => {
    const layout = LAYOUT[channelType];
    return [
      channelType,
      {
        channelType,
        transactionTypes: layout.types,
        enabled: options.enabled?.[channelType] ?? layout.enabled,
        pageTypes: layout.pages ?? BOTH_PAGES,
        ...tierTerms(layout.tier, options),
        monthlyLimit: channelType === PayChannel.fourierAlipay ? CHANNEL_DEFAULTS.monthlyTopUpLimit : null,
      },
    ];
  });
  return Object.fromEntries(entries) as Record<PayChannel, ChannelConfig>;
}

export const DEFAULT_CATALOGUE: ChannelCatalogue = defaultCatalogue();

const cents = z.number().int().nonnegative();
/** Validates a catalogue read from configuration (every channel id 1-24 present). */
export const channelCatalogueSchema = z
  .array(
    z.object({
      channelType: payChannelSchema,
      transactionTypes: z.array(transactionTypeSchema),
      enabled: z.boolean(),
      pageTypes: z.array(payPageTypeSchema),
      fee: z.object({ bps: z.number().int().min(0).max(10_000), fixedMinor: cents }),
      perPaymentLimit: cents.nullable(),
      minimum: cents.nullable(),
      monthlyLimit: cents.nullable(),
    }),
  )
  .refine((list) => enumValues(PayChannel).every((id) => list.filter((c) => c.channelType === id).length === 1), {
    message: 'every channel id 1-24 must appear exactly once',
  })
  .transform((list) => Object.fromEntries(list.map((c) => [c.channelType, c])) as unknown as ChannelCatalogue);

export type LimitRefusal = 'belowMinimum' | 'abovePerPaymentLimit' | 'aboveMonthlyLimit';

/** Why `amount` (US cents) cannot go through `channel`, or null when it can. */
export function channelLimitRefusal(
  channel: ChannelConfig,
  amount: number,
  monthly?: { orderType: OrderType; rechargedThisMonth: number },
): LimitRefusal | null {
  if (channel.minimum !== null && amount < channel.minimum) return 'belowMinimum';
  if (channel.perPaymentLimit !== null && amount > channel.perPaymentLimit) return 'abovePerPaymentLimit';
  if (
    monthly &&
    monthly.orderType === OrderType.recharge &&
    channel.monthlyLimit !== null &&
    monthly.rechargedThisMonth + amount > channel.monthlyLimit
  ) {
    return 'aboveMonthlyLimit';
  }
  return null;
}

/** One line of the chooser: a channel with one of its wallets, on the client's page type. */
export interface ChannelOffer {
  readonly channelType: PayChannel;
  readonly transactionType: TransactionType;
  readonly pageType: PayPageType;
  readonly isDefault: boolean;
}

export interface DefaultPayment {
  readonly channelType: PayChannel;
  readonly transactionType: TransactionType;
}

/** 002 §9: Alipay via channel 2; on mobile or for Hong Kong/Macao users Alipay via channel 6. */
export function defaultPayment(input: { clientType: ClientType; isHKMOUser: boolean }): DefaultPayment {
  const fuliye = input.clientType === ClientType.mobile || input.isHKMOUser;
  return { channelType: fuliye ? PayChannel.fourierAlipay : PayChannel.cardPaymentProvider, transactionType: alipay };
}

/** Order types for which Hong Kong/Macao users must pay by Alipay on channel 6 (001 §6, 002 §5). */
export const HKMO_FORCED_ORDER_TYPES: readonly OrderType[] = [OrderType.openAccount, OrderType.multipleCard];

export interface FilterChannelsInput {
  readonly orderType: OrderType;
  /** US cents. */
  readonly orderAmount: number;
  readonly clientType: ClientType;
  readonly isHKMOUser: boolean;
  readonly catalogue?: ChannelCatalogue;
  /** Recharged so far this month per channel, US cents (for the monthly top-up limit). */
  readonly rechargedThisMonth?: Partial<Record<PayChannel, number>>;
}

/** The offers of the channel chooser, the default payment first, then by channel id. */
export function filterChannels(input: FilterChannelsInput): ChannelOffer[] {
  const catalogue = input.catalogue ?? DEFAULT_CATALOGUE;
  const pageType = input.clientType === ClientType.mobile ? PayPageType.h5 : PayPageType.qrCode;
  const forced = input.isHKMOUser && HKMO_FORCED_ORDER_TYPES.includes(input.orderType);
  const preferred = defaultPayment(input);
  const offers: ChannelOffer[] = [];
  for (const channelType of enumValues(PayChannel)) {
    const channel = catalogue[channelType];
    if (!channel.enabled || !channel.pageTypes.includes(pageType)) continue;
    if (forced && channelType !== PayChannel.fourierAlipay) continue;
    const refusal = channelLimitRefusal(channel, input.orderAmount, {
      orderType: input.orderType,
      rechargedThisMonth: input.rechargedThisMonth?.[channelType] ?? 0,
    });
    if (refusal) continue;
    for (const transactionType of channel.transactionTypes) {
      if (forced && transactionType !== alipay) continue;
      const isDefault = channelType === preferred.channelType && transactionType === preferred.transactionType;
      offers.push({ channelType, transactionType, pageType, isDefault });
    }
  }
  return offers.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.channelType - b.channelType);
}

/** How the recharge fee is paid: added on top of the amount (default) or taken out of it. */
export type FeeMode = 'onTop' | 'deducted';

export interface RechargeFee {
  /** Kept as the fee, US cents. */
  readonly fee: number;
  /** Credited to the card, US cents. */
  readonly credited: number;
  /** Paid by the user, US cents. */
  readonly total: number;
}

/**
 * The fee of a recharge of `amount` US cents through `channel`. With `onTop` the user pays
 * amount + fee and the amount is credited; with `deducted` the user pays the amount and
 * amount − fee is credited (never negative: the fee is capped at the amount).
 */
export function rechargeFee(input: { amount: number; channel: ChannelConfig; mode?: FeeMode }): RechargeFee {
  const fee = feeOf(input.amount, input.channel.fee);
  return input.mode === 'deducted'
    ? { fee, credited: input.amount - fee, total: input.amount }
    : { fee, credited: input.amount, total: input.amount + fee };
}
