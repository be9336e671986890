import { describe, expect, it } from 'vitest';
import { canShowCannotPay, channelTestId, chooserWidth, defaultOffer, fallbackOffer, shouldShowChooser, usableOffers } from './channels';
import { OrderType } from './payConstants';
import type { ChannelOffer } from './payTypes';

const alipay2: ChannelOffer = { channelType: 2, transactionType: 1, pageType: 1, isDefault: true };
const union1: ChannelOffer = { channelType: 1, transactionType: 3, pageType: 1, isDefault: false };
const wechat4: ChannelOffer = { channelType: 4, transactionType: 2, pageType: 1, isDefault: false };
const alipay6: ChannelOffer = { channelType: 6, transactionType: 1, pageType: 1, isDefault: false };

describe('channel chooser width (seed §9: 320 for one channel plus 320 per extra, capped at 560)', () => {
  it.each([
    [0, 320],
    [1, 320],
    [2, 560],
    [3, 560],
    [10, 560],
  ])('%i channels → %i px', (count, width) => expect(chooserWidth(count)).toBe(width));
});

describe('chooser visibility ("shows only when more than one channel is offered")', () => {
  it('none or one → no chooser; two → chooser', () => {
    expect(shouldShowChooser([])).toBe(false);
    expect(shouldShowChooser([alipay2])).toBe(false);
    expect(shouldShowChooser([alipay2, union1])).toBe(true);
  });
  it('a disabled channel does not count and is never used', () => {
    const offers = [alipay2, { ...union1, disabled: true }];
    expect(shouldShowChooser(offers)).toBe(false);
    expect(usableOffers(offers)).toEqual([alipay2]);
  });
  it('the default is the flagged offer, else the first usable one', () => {
    expect(defaultOffer([union1, alipay2])).toBe(alipay2);
    expect(defaultOffer([{ ...alipay2, disabled: true }, union1])).toBe(union1);
    expect(defaultOffer([])).toBeUndefined();
  });
  it('test ids name channel and wallet', () => expect(channelTestId(alipay2)).toBe('pay-channel-2-1'));
});

describe('"cannot pay" (recharge orders of one channel type re-create the order with the fallback)', () => {
  const offers = [alipay2, union1, wechat4];
  it('the fallback is the next offer on another channel, wrapping round', () => {
    expect(fallbackOffer(offers, alipay2)).toBe(union1);
    expect(fallbackOffer(offers, wechat4)).toBe(alipay2);
    expect(fallbackOffer([alipay2, { channelType: 2, transactionType: 2 }, alipay6], alipay2)).toBe(alipay6);
    expect(fallbackOffer([alipay2], alipay2)).toBeUndefined();
  });
  it('shown only on recharge orders of channel 2 with a fallback', () => {
    expect(canShowCannotPay(OrderType.recharge, alipay2, offers)).toBe(true);
    expect(canShowCannotPay(OrderType.flex, alipay2, offers)).toBe(false);
    expect(canShowCannotPay(OrderType.recharge, union1, offers)).toBe(false);
    expect(canShowCannotPay(OrderType.recharge, alipay2, [alipay2])).toBe(false);
  });
});
