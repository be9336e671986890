// Enumerations, error codes and timings of the pay flows (seeds 001 §3, §4, §8, §9; 002 §4, §8, §9).
// The enumerations are copies of @aipay/contracts (payConstants.test.ts checks they are equal):
// importing the contracts' values would pull zod into the web bundle.
import type * as Contracts from '@aipay/contracts';

export const OrderType = {
  recharge: 0,
  openAccount: 1,
  multipleCard: 2,
  remote: 3,
  sms: 4,
  proxy: 5,
  openaiAccount: 6,
  renew: 7,
  browser: 8,
  flex: 9,
  apiRecharge: 10,
  overseasEmail: 11,
  cardUnfreeze: 12,
  outstandingBalanceTopUp: 13,
  riskCardChange: 14,
} as const satisfies Record<string, Contracts.OrderType>;

export const PayChannel = {
  allPay: 1,
  cardPaymentProvider: 2,
  crossBorderPay: 3,
  wechat: 4,
  balance: 5,
  fourierAlipay: 6,
  newPay: 7,
  newAllPayUnion: 8,
  smallWorld: 9,
  youWorldNewPay: 10,
  transferEasy: 11,
  allInPay: 12,
  lianlian: 13,
  suPay: 14,
  transferEasyPayForMe: 15,
  iotPay: 16,
  allInPay17: 17,
  gecko: 18,
  liquidity: 19,
  allInPay20: 20,
  allInPay21: 21,
  newPay22: 22,
  allInPay23: 23,
  allInPay24: 24,
} as const satisfies Record<string, Contracts.PayChannel>;

export const TransactionType = { alipay: 1, wechat: 2, union: 3, alipayHK: 4 } as const satisfies Record<string, Contracts.TransactionType>;
export const PayPageType = { qrCode: 1, h5: 2 } as const satisfies Record<string, Contracts.PayPageType>;
/** Pay status of an order: 0 not paid (processing), 1 success, 2 fail. */
export const PayStatus = { notPaid: 0, success: 1, fail: 2 } as const satisfies Record<string, Contracts.PayStatus>;
/** Payment/transaction status: 0 unhandled, 1 handling, 2 done, 3 failed. */
export const TradeStatus = { unhandled: 0, handling: 1, done: 2, failed: 3 } as const satisfies Record<string, Contracts.TradeStatus>;
export const Currency = { RMB: 1, USD: 2 } as const satisfies Record<string, Contracts.Currency>;
export const ClientType = { desktop: 1, mobile: 2 } as const satisfies Record<string, Contracts.ClientType>;

export type PayStatusValue = (typeof PayStatus)[keyof typeof PayStatus];

/** Business codes the pay flows react to (libs/contracts errors.ts). */
export const PayErrorCode = {
  /** Face identity not passed on recharge: start face verification (001 §8). */
  faceIdentityRequired: 2112,
  /** Order creation: the same flex package is already held (001 §8, 002 §8). */
  flexPackageHeld: 1001,
  /** "missing parameters for getting pay link". */
  payLinkParamsMissing: 3014,
  /** GetCommonPayUrlError "failed to get pay link". */
  payLinkFailed: 3015,
} as const;

/** Seed 001 §9 / 002 §9 "Polling and UI timings"; the ones marked "ours" are not in the seeds. */
export const PAY_TIMINGS = {
  /** Order (trade) status polling in the payment modal and on the pay-result page: 2 s. */
  tradeStatusPollMs: 2_000,
  /** Transaction status polling after a paid recharge: every 3 s ... */
  transactionPollMs: 3_000,
  /** ... up to 10 tries. */
  transactionPollMaxAttempts: 10,
  /** Pay-result: the confirm view 3 s after the redirect. */
  confirmViewDelayMs: 3_000,
  /** Pay-result: with the redirect flag or marker, the status is checked after 1 s. */
  redirectedCheckDelayMs: 1_000,
  /** The loading cover over a payment form in an iframe: 10 s. */
  frameCoverMs: 10_000,
  /** Message display 2 s (then "go back"). */
  messageMs: 2_000,
  /** Ours: page-triggered status polling on pay-result stops after 30 checks (1 minute). */
  pageStatusPollMaxAttempts: 30,
  /** Ours: the QR code counts as expired 2 s before the server's deadline (no scan of a dying code). */
  qrExpiryMarginSeconds: 2,
  /** Ours: face-verification status "processing" is asked again every 2 s, 5 times. */
  faceStatusPollMs: 2_000,
  faceStatusPollMaxAttempts: 5,
} as const;

/** Seed §9: QR code default size 170. */
export const QR_DEFAULT_SIZE = 170;
/** Seed §9: channel modal width 320 for one channel plus 320 per extra, capped at 560. */
export const CHOOSER_WIDTH = { base: 320, perExtra: 320, max: 560 } as const;

/**
 * "A cannot-pay button on recharge orders of one channel type" (001 §4 item 7): the seeds do not
 * name the type. Ours: channel 2 (card payment provider), the desktop default that some payers
 * cannot use (it is a parameter).
 */
export const CANNOT_PAY_CHANNEL_TYPES: readonly number[] = [PayChannel.cardPaymentProvider];

/** docs/pay-channels.md: a provider page that failed to verify a signature contains this marker. */
export const ILLEGAL_SIGN_MARKER = 'ILLEGAL_SIGN';

/** tradeFrom of a channel/order that trades through the extra-order routes (ours; see docs/web.md). */
export const EXTRA_ORDER_TRADE_FROM = 'extraOrder';

/** Seed 002 §9: "channelList (180 s timeout)". */
export const CHANNEL_LIST_TIMEOUT_MS = 180_000;
