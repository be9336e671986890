import { describe, expect, it } from 'vitest';
import { ClientType, OrderType, PayChannel, PayPageType, TransactionType } from '@aipay/contracts';
import {
  CHANNEL_DEFAULTS,
  DEFAULT_CATALOGUE,
  channelCatalogueSchema,
  channelLimitRefusal,
  defaultCatalogue,
  defaultPayment,
  filterChannels,
  rechargeFee,
} from './channels.js';

const { desktop, mobile } = ClientType;
const ids = (offers: { channelType: number }[]) => [...new Set(offers.map((o) => o.channelType))];

// Seed 001 §9 "Recharge channels".
describe('channel limits', () => {
  it.each([
    [PayChannel.allPay, 12_100, 'abovePerPaymentLimit', 'UnionPay refuses $121 (single limit $120)'],
    [PayChannel.allPay, 1_900, 'belowMinimum', 'UnionPay refuses $19 (minimum $20)'],
    [PayChannel.allPay, 12_000, null, 'UnionPay takes exactly $120'],
    [PayChannel.allPay, 2_000, null, 'UnionPay takes exactly $20'],
    [PayChannel.newAllPayUnion, 12_001, 'abovePerPaymentLimit', 'AlipayHK refuses $120.01 (limit $120)'],
    [PayChannel.newAllPayUnion, 1_999, 'belowMinimum', 'AlipayHK refuses $19.99 (minimum $20)'],
    [PayChannel.suPay, 40_000, null, 'a newer channel takes $400'],
    [PayChannel.suPay, 40_100, 'abovePerPaymentLimit', 'a newer channel refuses $401'],
    [PayChannel.iotPay, 999, 'belowMinimum', 'a newer channel refuses $9.99 (minimum $10)'],
    [PayChannel.fourierAlipay, 10_000, null, 'the general channel takes $100 per payment'],
    [PayChannel.fourierAlipay, 10_001, 'abovePerPaymentLimit', 'the general channel refuses $100.01'],
    [PayChannel.cardPaymentProvider, 10_000_000, null, 'the card-payment-provider channel has no limit ($100,000)'],
    [PayChannel.cardPaymentProvider, 1, null, 'nor a minimum'],
  ] as const)('channel %d with %d cents → %s (%s)', (channel, amount, refusal, _label) => {
    expect(channelLimitRefusal(DEFAULT_CATALOGUE[channel], amount)).toBe(refusal);
  });

  it.each([
    [90_000, 10_000, null, '$900 so far plus $100 reaches exactly $1,000'],
    [90_001, 10_000, 'aboveMonthlyLimit', '$900.01 so far plus $100 passes $1,000'],
  ] as const)('monthly top-up $1,000 on one channel: %d + %d → %s (%s)', (sofar, amount, refusal, _label) => {
    const channel = DEFAULT_CATALOGUE[PayChannel.fourierAlipay];
    expect(channelLimitRefusal(channel, amount, { orderType: OrderType.recharge, rechargedThisMonth: sofar })).toBe(refusal);
  });

  it('the monthly top-up limit counts recharges only', () => {
    const channel = DEFAULT_CATALOGUE[PayChannel.fourierAlipay];
    expect(channelLimitRefusal(channel, 1_199, { orderType: OrderType.openAccount, rechargedThisMonth: 100_000 })).toBeNull();
  });
});

describe('recharge fee', () => {
  it.each([
    [PayChannel.fourierAlipay, 10_000, { fee: 200, credited: 10_000, total: 10_200 }, 'the general channel charges 2% on a $100 recharge: fee $2.00'],
    [PayChannel.allPay, 2_025, { fee: 41, credited: 2_025, total: 2_066 }, 'UnionPay at 2% on $20.25: 40.5 cents rounds half up'],
    [PayChannel.cardPaymentProvider, 10_000, { fee: 320, credited: 10_000, total: 10_320 }, 'card provider: percentage plus fixed, 2.9% + $0.30 on $100'],
  ] as const)('channel %d, %d cents → %o (%s)', (channel, amount, expected, _label) => {
    expect(rechargeFee({ amount, channel: DEFAULT_CATALOGUE[channel] })).toEqual(expected);
  });

  it('the percentage is a parameter: 3.5% (the other text) on $100 is $3.50', () => {
    const catalogue = defaultCatalogue({ generalFeeBps: 350 });
    expect(rechargeFee({ amount: 10_000, channel: catalogue[PayChannel.fourierAlipay] })).toEqual({ fee: 350, credited: 10_000, total: 10_350 });
  });

  it.each([
    [10_000, { fee: 200, credited: 9_800, total: 10_000 }, 'a deducted 2% on $100 credits $98'],
    [20, { fee: 20, credited: 0, total: 20 }, 'a fee never makes the credit negative (20 cents, fee 2.9% + 30 cents)'],
  ] as const)('deducted mode: %d cents → %o (%s)', (amount, expected, _label) => {
    const channel = amount === 20 ? DEFAULT_CATALOGUE[PayChannel.cardPaymentProvider] : DEFAULT_CATALOGUE[PayChannel.fourierAlipay];
    expect(rechargeFee({ amount, channel, mode: 'deducted' })).toEqual(expected);
  });
});

// 002 §9 "Default payment".
describe('default payment', () => {
  it.each([
    [desktop, false, PayChannel.cardPaymentProvider, 'desktop: Alipay via the card-payment-provider channel'],
    [mobile, false, PayChannel.fourierAlipay, 'mobile: Alipay via the Fuliye channel'],
    [desktop, true, PayChannel.fourierAlipay, 'Hong Kong/Macao on desktop: Alipay via the Fuliye channel'],
    [mobile, true, PayChannel.fourierAlipay, 'Hong Kong/Macao on mobile: Alipay via the Fuliye channel'],
  ] as const)('client %d, HK/MO %s → channel %d (%s)', (clientType, isHKMOUser, channelType, _label) => {
    expect(defaultPayment({ clientType, isHKMOUser })).toEqual({ channelType, transactionType: TransactionType.alipay });
  });
});

describe('filterChannels', () => {
  const base = { orderType: OrderType.recharge, orderAmount: 5_000, isHKMOUser: false } as const;

  it('mobile gets only H5 channels', () => {
    const offers = filterChannels({ ...base, clientType: mobile });
    expect(offers.length).toBeGreaterThan(1);
    expect(offers.every((o) => o.pageType === PayPageType.h5)).toBe(true);
    expect(ids(offers)).not.toContain(PayChannel.cardPaymentProvider);
  });

  it('desktop gets QR channels, the default (Alipay via channel 2) first', () => {
    const offers = filterChannels({ ...base, clientType: desktop });
    expect(offers.every((o) => o.pageType === PayPageType.qrCode)).toBe(true);
    expect(offers[0]).toEqual({ channelType: PayChannel.cardPaymentProvider, transactionType: TransactionType.alipay, pageType: PayPageType.qrCode, isDefault: true });
    expect(offers.filter((o) => o.isDefault)).toHaveLength(1);
  });

  it('mobile puts Alipay via channel 6 first', () => {
    const [first] = filterChannels({ ...base, clientType: mobile });
    expect(first).toMatchObject({ channelType: PayChannel.fourierAlipay, transactionType: TransactionType.alipay, isDefault: true });
  });

  it.each([
    [OrderType.openAccount, desktop, 'a Hong Kong user opening an account sees only channel 6'],
    [OrderType.multipleCard, desktop, 'a Macao user buying a multiple card sees only channel 6'],
    [OrderType.openAccount, mobile, 'also on mobile'],
  ] as const)('order type %d, client %d: %s', (orderType, clientType, _label) => {
    const offers = filterChannels({ orderType, orderAmount: 1_199, clientType, isHKMOUser: true });
    expect(offers).toEqual([
      { channelType: PayChannel.fourierAlipay, transactionType: TransactionType.alipay, pageType: clientType === mobile ? PayPageType.h5 : PayPageType.qrCode, isDefault: true },
    ]);
  });

  it('a Hong Kong user recharging is not forced', () => {
    expect(ids(filterChannels({ ...base, clientType: desktop, isHKMOUser: true })).length).toBeGreaterThan(1);
  });

  it('a mainland user opening an account is not forced', () => {
    expect(ids(filterChannels({ ...base, orderType: OrderType.openAccount, clientType: desktop })).length).toBeGreaterThan(1);
  });

  it.each([
    [12_100, [PayChannel.allPay, PayChannel.newAllPayUnion, PayChannel.fourierAlipay], 'a $121 recharge drops UnionPay, AlipayHK and the $100 general channel'],
    [1_900, [PayChannel.allPay, PayChannel.newAllPayUnion], 'a $19 recharge drops the $20 minimums'],
    [900, [PayChannel.suPay, PayChannel.iotPay], 'a $9 recharge drops the newer channels ($10 minimum)'],
  ] as const)('amount %d cents: %s', (orderAmount, excluded, _label) => {
    const offered = ids(filterChannels({ ...base, orderAmount, clientType: desktop }));
    for (const id of excluded) expect(offered).not.toContain(id);
    expect(offered).toContain(PayChannel.cardPaymentProvider);
  });

  it('a $500 recharge on desktop leaves only the unlimited card-payment-provider channel', () => {
    expect(ids(filterChannels({ ...base, orderAmount: 50_000, clientType: desktop }))).toEqual([PayChannel.cardPaymentProvider]);
  });

  it('the monthly top-up limit removes channel 6 once $1,000 is reached', () => {
    const offered = ids(filterChannels({ ...base, clientType: mobile, rechargedThisMonth: { [PayChannel.fourierAlipay]: 99_000 } }));
    expect(offered).not.toContain(PayChannel.fourierAlipay);
    expect(offered.length).toBeGreaterThan(0);
  });

  it('disabled channels and the balance channel are never offered', () => {
    const offered = ids(filterChannels({ ...base, clientType: desktop }));
    expect(offered).not.toContain(PayChannel.balance);
    expect(offered).not.toContain(PayChannel.lianlian);
    const catalogue = defaultCatalogue({ enabled: { [PayChannel.cardPaymentProvider]: false } });
    expect(ids(filterChannels({ ...base, clientType: desktop, catalogue }))).not.toContain(PayChannel.cardPaymentProvider);
  });

  it('a Hong Kong user gets nothing when channel 6 is off (no silent fallback)', () => {
    const catalogue = defaultCatalogue({ enabled: { [PayChannel.fourierAlipay]: false } });
    expect(filterChannels({ orderType: OrderType.openAccount, orderAmount: 1_199, clientType: desktop, isHKMOUser: true, catalogue })).toEqual([]);
  });
});

describe('catalogue configuration', () => {
  it('covers channel ids 1 to 24 with the seed defaults', () => {
    expect(Object.keys(DEFAULT_CATALOGUE)).toHaveLength(24);
    expect(CHANNEL_DEFAULTS.generalFeeBps).toBe(200);
    expect(DEFAULT_CATALOGUE[PayChannel.fourierAlipay].monthlyLimit).toBe(100_000);
  });

  it('round-trips through the schema and refuses a missing channel', () => {
    const list = Object.values(DEFAULT_CATALOGUE);
    expect(channelCatalogueSchema.parse(list)).toEqual(DEFAULT_CATALOGUE);
    expect(channelCatalogueSchema.safeParse(list.slice(1)).success).toBe(false);
    const badFee = list.map((c) => (c.channelType === PayChannel.wechat ? { ...c, fee: { bps: 2.5, fixedMinor: 0 } } : c));
    expect(channelCatalogueSchema.safeParse(badFee).success).toBe(false);
  });
});
