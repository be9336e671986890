import * as contracts from '@aipay/contracts';
import { describe, expect, it } from 'vitest';
import {
  CANNOT_PAY_CHANNEL_TYPES,
  CHOOSER_WIDTH,
  ClientType,
  Currency,
  ILLEGAL_SIGN_MARKER,
  OrderType,
  PAY_TIMINGS,
  PayChannel,
  PayErrorCode,
  PayPageType,
  PayStatus,
  QR_DEFAULT_SIZE,
  TradeStatus,
  TransactionType,
} from './payConstants';

describe('pay enumerations are the contracts’ (copied to keep zod out of the bundle)', () => {
  it.each([
    ['OrderType', OrderType, contracts.OrderType],
    ['PayChannel', PayChannel, contracts.PayChannel],
    ['TransactionType', TransactionType, contracts.TransactionType],
    ['PayPageType', PayPageType, contracts.PayPageType],
    ['PayStatus', PayStatus, contracts.PayStatus],
    ['TradeStatus', TradeStatus, contracts.TradeStatus],
    ['Currency', Currency, contracts.Currency],
    ['ClientType', ClientType, contracts.ClientType],
  ])('%s', (_name, local, shared) => expect(local).toEqual(shared));

  it('error codes match the catalogue', () => {
    expect(PayErrorCode.faceIdentityRequired).toBe(contracts.ERRORS.FACE_IDENTITY_REQUIRED.code);
    expect(PayErrorCode.flexPackageHeld).toBe(contracts.ERRORS.FLEX_PACKAGE_HELD.code);
    expect(PayErrorCode.payLinkParamsMissing).toBe(contracts.ERRORS.PAY_LINK_PARAMS_MISSING.code);
    expect(PayErrorCode.payLinkFailed).toBe(contracts.ERRORS.PAY_LINK_FAILED.code);
  });
});

describe('seed §9 "Polling and UI timings"', () => {
  it('pay-status polling 3 s (10 retries), 2 s after confirm, confirm view 3 s after redirect, iframe cover 10 s', () => {
    expect(PAY_TIMINGS.transactionPollMs).toBe(3000);
    expect(PAY_TIMINGS.transactionPollMaxAttempts).toBe(10);
    expect(PAY_TIMINGS.tradeStatusPollMs).toBe(2000);
    expect(PAY_TIMINGS.confirmViewDelayMs).toBe(3000);
    expect(PAY_TIMINGS.redirectedCheckDelayMs).toBe(1000);
    expect(PAY_TIMINGS.frameCoverMs).toBe(10_000);
    expect(PAY_TIMINGS.messageMs).toBe(2000);
  });
  it('QR code default size 170; channel modal 320 + 320 per extra, capped at 560', () => {
    expect(QR_DEFAULT_SIZE).toBe(170);
    expect(CHOOSER_WIDTH).toEqual({ base: 320, perExtra: 320, max: 560 });
  });
  it('the illegal-signature marker and the cannot-pay channel type', () => {
    expect(ILLEGAL_SIGN_MARKER).toBe('ILLEGAL_SIGN');
    expect(CANNOT_PAY_CHANNEL_TYPES).toEqual([PayChannel.cardPaymentProvider]);
  });
});
