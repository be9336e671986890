// Channel chooser rules (seed 001 §4 items 7 and 9, 002 §4 "Payment", §9 layout).
import { CANNOT_PAY_CHANNEL_TYPES, CHOOSER_WIDTH, OrderType } from './payConstants';
import type { ChannelOffer } from './payTypes';

/** Offers the payer can pick (a channel flagged disabled is shown greyed, never used). */
export function usableOffers(offers: readonly ChannelOffer[]): ChannelOffer[] {
  return offers.filter((offer) => !offer.disabled);
}

/** "the channel chooser shows only when more than one channel is offered". */
export function shouldShowChooser(offers: readonly ChannelOffer[]): boolean {
  return usableOffers(offers).length > 1;
}

/** "channel modal width 320 for one channel plus 320 per extra, capped at 560". */
export function chooserWidth(count: number): number {
  const extra = Math.max(0, count - 1);
  return Math.min(CHOOSER_WIDTH.base + CHOOSER_WIDTH.perExtra * extra, CHOOSER_WIDTH.max);
}

export function sameOffer(a: Pick<ChannelOffer, 'channelType' | 'transactionType'>, b: Pick<ChannelOffer, 'channelType' | 'transactionType'>): boolean {
  return a.channelType === b.channelType && a.transactionType === b.transactionType;
}

/** The default offer: the one flagged default, else the first (the service sorts the default first). */
export function defaultOffer(offers: readonly ChannelOffer[]): ChannelOffer | undefined {
  const usable = usableOffers(offers);
  return usable.find((offer) => offer.isDefault) ?? usable[0];
}

/**
 * The fallback of "cannot pay": the next usable offer on another channel after the current one
 * (wrapping round), so the re-created order does not go through the channel that failed.
 */
export function fallbackOffer(offers: readonly ChannelOffer[], current: Pick<ChannelOffer, 'channelType' | 'transactionType'>): ChannelOffer | undefined {
  const usable = usableOffers(offers);
  const at = usable.findIndex((offer) => sameOffer(offer, current));
  const ordered = at < 0 ? usable : [...usable.slice(at + 1), ...usable.slice(0, at)];
  return ordered.find((offer) => offer.channelType !== current.channelType);
}

/** "A cannot-pay button on recharge orders of one channel type" (only when a fallback exists). */
export function canShowCannotPay(orderType: number, current: Pick<ChannelOffer, 'channelType' | 'transactionType'>, offers: readonly ChannelOffer[]): boolean {
  return orderType === OrderType.recharge && CANNOT_PAY_CHANNEL_TYPES.includes(current.channelType) && fallbackOffer(offers, current) !== undefined;
}

/** data-testid of a chooser item. */
export function channelTestId(offer: Pick<ChannelOffer, 'channelType' | 'transactionType'>): string {
  return `pay-channel-${offer.channelType}-${offer.transactionType}`;
}
