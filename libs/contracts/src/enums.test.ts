import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import {
  ACCOUNT_OPENING_STATUS_LABELS,
  AI_SERVICE_LABELS,
  AI_SERVICE_NAMES,
  AIFLEX_USE_STATUS_LABELS,
  AccountOpeningStatus,
  AiServiceId,
  AiflexUseStatus,
  BALANCE_RECORD_TYPE_LABELS,
  BUSINESS_KIND_LABELS,
  BalanceRecordType,
  BusinessKind,
  CARD_CANCEL_REASON_LABELS,
  CARD_FREEZE_REASON_LABELS,
  CARD_PLATFORM_INFO,
  CARD_PLATFORM_LABELS,
  CHATGPT_PLAN_LABELS,
  CHATGPT_PLAN_PRICING,
  CLIENT_TYPE_LABELS,
  CURRENCY_ISO_CODES,
  CURRENCY_LABELS,
  CardCancelReason,
  CardFreezeReason,
  CardPlatform,
  ChatGptPlan,
  ClientType,
  Currency,
  EMAIL_VERIFY_STATUS_LABELS,
  ENABLED_CARD_PLATFORMS,
  EmailVerifyStatus,
  FACE_VERIFY_STATUS_LABELS,
  FLEX_PLATFORM_TYPE_LABELS,
  FaceVerifyStatus,
  FlexPackageKind,
  FlexPlatformType,
  GetUserInfoStatus,
  IDENTITY_INFO_STATUS_LABELS,
  INVITATION_TYPE_LABELS,
  IdentityInfoStatus,
  InvitationType,
  ORDER_STATUS_BY_SOURCE_ID,
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  OrderStatus,
  OrderType,
  PAY_CHANNEL_LABELS,
  PAY_PAGE_TYPE_LABELS,
  PAY_PASSWORD_RESULT_LABELS,
  PAY_STATUS_LABELS,
  PHONE_REGION_DIGITS,
  PHONE_REGION_LABELS,
  PURCHASE_STEP_LABELS,
  PayChannel,
  PayPageType,
  PayPasswordResult,
  PayStatus,
  PhoneRegion,
  PurchaseStep,
  RECEIPT_TYPE_LABELS,
  REFUND_STATE_LABELS,
  REWARD_LEVEL_LABELS,
  REWARD_STATUS_LABELS,
  REWARD_TYPE_LABELS,
  ReceiptType,
  RefundState,
  RewardLevel,
  RewardStatus,
  RewardType,
  SORT_TYPE_LABELS,
  SortType,
  TRADE_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  TradeStatus,
  TransactionType,
  UPGRADE_FAILURE_REASON_LABELS,
  UpgradeFailureReason,
  VERIFY_CODE_TYPE_LABELS,
  VerifyCodeType,
  WITHDRAW_TYPE_LABELS,
  WithdrawType,
  aiServiceIdSchema,
  balanceRecordTypeSchema,
  cardPlatformSchema,
  enumKey,
  enumLabel,
  enumValues,
  flexPackageKindSchema,
  isCardPlatformEnabled,
  isEnumValue,
  isSecondLevelRewardType,
  isTieredRewardType,
  orderStatusFromSourceId,
  orderTypeSchema,
  payChannelSchema,
  phoneRegionSchema,
  rewardTypeSchema,
  sortTypeSchema,
  transactionTypeSchema,
  verifyCodeTypeSchema,
} from './enums.js';
import type { Localized } from './language.js';

// The seeds' values, written out again by hand, so a changed constant fails here.
describe('the seeds’ numeric values', () => {
  const cases: Array<[string, number | string, number | string]> = [
    ['client type 1 is desktop (000 §7)', ClientType.desktop, 1],
    ['client type 2 is mobile', ClientType.mobile, 2],
    ['China calls with 86', PhoneRegion.china, 86],
    ['Hong Kong calls with 852', PhoneRegion.hongKong, 852],
    ['Macao calls with 853', PhoneRegion.macao, 853],
    ['emailVerifyStatus 0 is not verified (000 §3)', EmailVerifyStatus.notVerified, 0],
    ['order type 0 is recharge', OrderType.recharge, 0],
    ['order type 1 is open account', OrderType.openAccount, 1],
    ['order type 2 is multiple card', OrderType.multipleCard, 2],
    ['order type 3 is remote', OrderType.remote, 3],
    ['order type 4 is SMS', OrderType.sms, 4],
    ['order type 5 is proxy', OrderType.proxy, 5],
    ['order type 6 is OpenAI account', OrderType.openaiAccount, 6],
    ['order type 7 is renew', OrderType.renew, 7],
    ['order type 8 is browser', OrderType.browser, 8],
    ['order type 9 is flex', OrderType.flex, 9],
    ['order type 10 is API recharge', OrderType.apiRecharge, 10],
    ['order type 11 is overseas email', OrderType.overseasEmail, 11],
    ['order type 12 is card unfreeze', OrderType.cardUnfreeze, 12],
    ['order type 13 is outstanding balance top-up', OrderType.outstandingBalanceTopUp, 13],
    ['order type 14 is risk card change', OrderType.riskCardChange, 14],
    ['channel 2 is the card payment provider', PayChannel.cardPaymentProvider, 2],
    ['channel 4 is WeChat', PayChannel.wechat, 4],
    ['channel 5 is balance', PayChannel.balance, 5],
    ['channel 6 is Fourier Alipay', PayChannel.fourierAlipay, 6],
    ['channel 13 is lianlian', PayChannel.lianlian, 13],
    ['channel 18 is gecko', PayChannel.gecko, 18],
    ['channel 19 is liquidity', PayChannel.liquidity, 19],
    ['channel 22 is the new pay variant', PayChannel.newPay22, 22],
    ['transaction type 1 is Alipay', TransactionType.alipay, 1],
    ['transaction type 2 is WeChat', TransactionType.wechat, 2],
    ['transaction type 3 is UnionPay', TransactionType.union, 3],
    ['transaction type 4 is Alipay HK', TransactionType.alipayHK, 4],
    ['pay page type 1 is QR code', PayPageType.qrCode, 1],
    ['pay page type 2 is H5', PayPageType.h5, 2],
    ['pay status 0 is not paid', PayStatus.notPaid, 0],
    ['pay status 1 is success', PayStatus.success, 1],
    ['pay status 2 is fail', PayStatus.fail, 2],
    ['trade status 0 is unhandled', TradeStatus.unhandled, 0],
    ['trade status 3 is failed', TradeStatus.failed, 3],
    ['refund state 2 is refunding', RefundState.refunding, 2],
    ['currency 1 is RMB', Currency.RMB, 1],
    ['currency 2 is the dollar', Currency.USD, 2],
    ['balance record 10 is cross-border fee', BalanceRecordType.crossBorderFee, 10],
    ['balance record 21 is invitation reward', BalanceRecordType.invitationReward, 21],
    ['balance record 28 is balance in', BalanceRecordType.balanceIn, 28],
    ['account opening 5 is cardholder info saved', AccountOpeningStatus.cardholderInfoSaved, 5],
    ['account opening 2 is submitted', AccountOpeningStatus.submitted, 2],
    ['identity info 2 is paid', IdentityInfoStatus.paid, 2],
    ['face verify 0 is processing', FaceVerifyStatus.processing, 0],
    ['face verify 2 is failure', FaceVerifyStatus.failure, 2],
    ['card platform 4 is QbitBudget', CardPlatform.qbitBudget, 4],
    ['card platform 6 is Photon', CardPlatform.photon, 6],
    ['card platform 7 is Corpay', CardPlatform.corpay, 7],
    ['withdraw type 1 is balance', WithdrawType.balance, 1],
    ['withdraw type 2 is reward', WithdrawType.reward, 2],
    ['upgrade failure 1 is link expired', UpgradeFailureReason.linkExpired, 1],
    ['upgrade failure 5 is captcha verification failed', UpgradeFailureReason.captchaVerificationFailed, 5],
    ['plan Plus is id 1', ChatGptPlan.plus, 1],
    ['plan Pro is id 99', ChatGptPlan.pro, 99],
    ['plan Team monthly is id 2', ChatGptPlan.teamMonthly, 2],
    ['plan Team yearly is id 3', ChatGptPlan.teamYearly, 3],
    ['invitation type 1 is paid membership', InvitationType.paidMembership, 1],
    ['invitation type 2 is Flex', InvitationType.flex, 2],
    ['reward status 0 is only registered', RewardStatus.onlyRegistered, 0],
    ['reward status 2 is paid', RewardStatus.paid, 2],
    ['reward type 3 is second-level card', RewardType.secondLevelCard, 3],
    ['reward type 7 is tiered free use', RewardType.tieredFreeUse, 7],
    ['reward level first is 1', RewardLevel.first, 1],
    ['reward level second is 2', RewardLevel.second, 2],
    ['flex use status 2 is expired', AiflexUseStatus.expired, 2],
    ['business kind 1 is account opening', BusinessKind.accountOpening, 1],
    ['business kind 3 is payment proxy', BusinessKind.paymentProxy, 3],
    ['AI service 1 is ChatGPT Plus', AiServiceId.chatgptPlus, 1],
    ['AI service 28 is Anthropic', AiServiceId.anthropic, 28],
    ['AI service 46 is Tello', AiServiceId.tello, 46],
    ['AI service 99 is Other', AiServiceId.other, 99],
    ['purchase step 0 is SelectService', PurchaseStep.selectService, 0],
    ['purchase step 3 is PaymentSuccess', PurchaseStep.paymentSuccess, 3],
    ['pay password result 0 is success', PayPasswordResult.success, 0],
    ['pay password result 1 is not set', PayPasswordResult.notSet, 1],
    ['pay password result 2 is wrong', PayPasswordResult.wrong, 2],
    ['pay password result 3 is limit exceeded', PayPasswordResult.limitExceeded, 3],
    ['sort type ascending is 1', SortType.ascending, 1],
    ['sort type descending is 0', SortType.descending, 0],
    ['flex platform chatgpt_mirror', FlexPlatformType.chatgptMirror, 'chatgpt_mirror'],
    ['flex platform aicoding_0011', FlexPlatformType.aicoding0011, 'aicoding_0011'],
    ['receipt type API', ReceiptType.api, 'API'],
    ['verify code type updatePassword', VerifyCodeType.updatePassword, 'updatePassword'],
    ['user info status initial', GetUserInfoStatus.initial, 'initial'],
  ];
  it.each(cases)('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('complete value sets', () => {
  const sets: Array<[string, readonly (number | string)[], readonly (number | string)[]]> = [
    ['client types', enumValues(ClientType), [1, 2]],
    ['phone regions', enumValues(PhoneRegion), [86, 852, 853]],
    ['order types 0..14', enumValues(OrderType), Array.from({ length: 15 }, (_, i) => i)],
    ['pay channels 1..24', enumValues(PayChannel), Array.from({ length: 24 }, (_, i) => i + 1)],
    ['transaction types', enumValues(TransactionType), [1, 2, 3, 4]],
    ['pay page types', enumValues(PayPageType), [1, 2]],
    ['pay statuses', enumValues(PayStatus), [0, 1, 2]],
    ['order statuses', enumValues(OrderStatus), ['pending', 'success', 'failed']],
    ['trade statuses', enumValues(TradeStatus), [0, 1, 2, 3]],
    ['refund states', enumValues(RefundState), [0, 1, 2]],
    ['currencies', enumValues(Currency), [1, 2]],
    [
      'balance record types',
      enumValues(BalanceRecordType),
      [0, 1, 2, 3, 4, 8, 9, 10, 21, 23, 24, 25, 27, 31, 32, 26, 30, 28],
    ],
    ['account opening statuses', enumValues(AccountOpeningStatus), [0, 1, 2, 3, 4, 5]],
    ['identity info statuses', enumValues(IdentityInfoStatus), [0, 1, 2]],
    ['face verify statuses', enumValues(FaceVerifyStatus), [0, 1, 2]],
    ['card platforms (no 5)', enumValues(CardPlatform), [1, 2, 3, 4, 6, 7]],
    ['withdraw types', enumValues(WithdrawType), [1, 2]],
    ['upgrade failure reasons', enumValues(UpgradeFailureReason), [0, 1, 2, 3, 4, 5]],
    ['ChatGPT plans', enumValues(ChatGptPlan), [1, 99, 2, 3]],
    ['invitation types', enumValues(InvitationType), [1, 2]],
    ['reward statuses', enumValues(RewardStatus), [0, 1, 2]],
    ['reward types (no 2)', enumValues(RewardType), [0, 1, 3, 4, 5, 6, 7]],
    ['reward levels', enumValues(RewardLevel), [1, 2]],
    ['flex use statuses', enumValues(AiflexUseStatus), [0, 1, 2]],
    ['business kinds', enumValues(BusinessKind), [1, 2, 3]],
    ['receipt types', enumValues(ReceiptType), ['ACCOUNT_OPENING', 'TRANSACTION', 'API']],
    [
      'flex platform types',
      enumValues(FlexPlatformType),
      ['chatgpt_mirror', 'chatgpt', 'claude', 'sora', 'aicoding', 'aicoding_0011'],
    ],
    ['purchase steps', enumValues(PurchaseStep), [0, 1, 2, 3]],
    ['verify code types', enumValues(VerifyCodeType), ['login', 'register', 'updatePassword', 'updateEmail', 'verify']],
    ['pay password results', enumValues(PayPasswordResult), [0, 1, 2, 3]],
    ['email verify statuses', enumValues(EmailVerifyStatus), [0, 1]],
    ['user info statuses', enumValues(GetUserInfoStatus), ['initial', 'loading', 'success', 'failed']],
    ['sort types', enumValues(SortType), [0, 1]],
    ['AI service ids 1..46 and 99', enumValues(AiServiceId), [...Array.from({ length: 46 }, (_, i) => i + 1), 99]],
  ];
  it.each(sets)('%s', (_name, actual, expected) => {
    expect([...actual].sort()).toEqual([...expected].sort());
    expect(new Set(actual).size).toBe(actual.length);
  });

  it('has the 25 Flex package kinds of seed 002 §3, value equal to name', () => {
    const kinds = 'chatgpt, chatgptQuarter, chatgptDaily, chatgptToken, chatgptTokenDaily, chatgptTokenQuarter, chatgptMax, chatgptMaxQuarter, chatgptTrial, chatgptTokenExtension, claude, claudeQuarter, claudeDaily, claudePro, claudeProQuarter, claudeMax, claudeMaxQuarter, claudeToken, claudeTrial, claudeChatgpt, claudeChatgptQuarter, soraDaily, soraMonth, soraQuarter, soraExtension'.split(', ');
    expect(kinds).toHaveLength(25);
    expect(enumValues(FlexPackageKind)).toEqual(kinds);
    for (const [key, value] of Object.entries(FlexPackageKind)) expect(value).toBe(key);
    expect(flexPackageKindSchema.safeParse('claudeMaxQuarter').success).toBe(true);
    expect(flexPackageKindSchema.safeParse('claudeUltra').success).toBe(false);
  });
});

describe('labels', () => {
  const labelTables: Array<[string, Readonly<Record<string | number, Localized>>, readonly (string | number)[]]> = [
    ['client type', CLIENT_TYPE_LABELS, enumValues(ClientType)],
    ['phone region', PHONE_REGION_LABELS, enumValues(PhoneRegion)],
    ['email verify status', EMAIL_VERIFY_STATUS_LABELS, enumValues(EmailVerifyStatus)],
    ['verify code type', VERIFY_CODE_TYPE_LABELS, enumValues(VerifyCodeType)],
    ['account opening status', ACCOUNT_OPENING_STATUS_LABELS, enumValues(AccountOpeningStatus)],
    ['identity info status', IDENTITY_INFO_STATUS_LABELS, enumValues(IdentityInfoStatus)],
    ['face verify status', FACE_VERIFY_STATUS_LABELS, enumValues(FaceVerifyStatus)],
    ['pay password result', PAY_PASSWORD_RESULT_LABELS, enumValues(PayPasswordResult)],
    ['sort type', SORT_TYPE_LABELS, enumValues(SortType)],
    ['order type', ORDER_TYPE_LABELS, enumValues(OrderType)],
    ['pay channel', PAY_CHANNEL_LABELS, enumValues(PayChannel)],
    ['transaction type', TRANSACTION_TYPE_LABELS, enumValues(TransactionType)],
    ['pay page type', PAY_PAGE_TYPE_LABELS, enumValues(PayPageType)],
    ['pay status', PAY_STATUS_LABELS, enumValues(PayStatus)],
    ['trade status', TRADE_STATUS_LABELS, enumValues(TradeStatus)],
    ['order status', ORDER_STATUS_LABELS, enumValues(OrderStatus)],
    ['refund state', REFUND_STATE_LABELS, enumValues(RefundState)],
    ['currency', CURRENCY_LABELS, enumValues(Currency)],
    ['receipt type', RECEIPT_TYPE_LABELS, enumValues(ReceiptType)],
    ['business kind', BUSINESS_KIND_LABELS, enumValues(BusinessKind)],
    ['balance record type', BALANCE_RECORD_TYPE_LABELS, enumValues(BalanceRecordType)],
    ['card platform', CARD_PLATFORM_LABELS, enumValues(CardPlatform)],
    ['card freeze reason', CARD_FREEZE_REASON_LABELS, enumValues(CardFreezeReason)],
    ['card cancel reason', CARD_CANCEL_REASON_LABELS, enumValues(CardCancelReason)],
    ['withdraw type', WITHDRAW_TYPE_LABELS, enumValues(WithdrawType)],
    ['upgrade failure reason', UPGRADE_FAILURE_REASON_LABELS, enumValues(UpgradeFailureReason)],
    ['ChatGPT plan', CHATGPT_PLAN_LABELS, enumValues(ChatGptPlan)],
    ['flex platform type', FLEX_PLATFORM_TYPE_LABELS, enumValues(FlexPlatformType)],
    ['flex use status', AIFLEX_USE_STATUS_LABELS, enumValues(AiflexUseStatus)],
    ['purchase step', PURCHASE_STEP_LABELS, enumValues(PurchaseStep)],
    ['AI service', AI_SERVICE_LABELS, enumValues(AiServiceId)],
    ['invitation type', INVITATION_TYPE_LABELS, enumValues(InvitationType)],
    ['reward status', REWARD_STATUS_LABELS, enumValues(RewardStatus)],
    ['reward type', REWARD_TYPE_LABELS, enumValues(RewardType)],
    ['reward level', REWARD_LEVEL_LABELS, enumValues(RewardLevel)],
  ];
  it.each(labelTables)('every %s has a zh and an en label and nothing else', (_name, labels, values) => {
    expect(Object.keys(labels).sort()).toEqual(values.map(String).sort());
    for (const value of values) {
      const label = labels[value];
      expect(label?.zh.trim(), `zh of ${String(value)}`).toBeTruthy();
      expect(label?.en.trim(), `en of ${String(value)}`).toBeTruthy();
    }
  });

  it.each([
    ['order type 12', () => ORDER_TYPE_LABELS[12].en, 'Card unfreeze'],
    ['order type 13', () => ORDER_TYPE_LABELS[13].en, 'Outstanding balance top-up'],
    ['balance record 0', () => BALANCE_RECORD_TYPE_LABELS[0].en, 'Uncleared'],
    ['balance record 9', () => BALANCE_RECORD_TYPE_LABELS[9].en, 'Reversal'],
    ['balance record 26', () => BALANCE_RECORD_TYPE_LABELS[26].en, 'Withdraw'],
    ['balance record 30', () => BALANCE_RECORD_TYPE_LABELS[30].en, 'Withdraw'],
    ['balance record 27', () => BALANCE_RECORD_TYPE_LABELS[27].en, 'Balance'],
    ['balance record 32', () => BALANCE_RECORD_TYPE_LABELS[32].en, 'Balance'],
    ['balance record 28', () => BALANCE_RECORD_TYPE_LABELS[28].en, 'Balance in'],
    ['pay channel 1', () => PAY_CHANNEL_LABELS[1].en, 'All-pay (cloud flash pay)'],
    ['pay channel 15', () => PAY_CHANNEL_LABELS[15].en, 'Transfer easy pay-for-me'],
    ['pay channel 10', () => PAY_CHANNEL_LABELS[10].en, 'You-world new pay'],
    ['upgrade failure 3', () => UPGRADE_FAILURE_REASON_LABELS[3].en, 'Bank card rejected'],
    ['AI service 32', () => AI_SERVICE_NAMES[32], 'Bolt.new'],
    ['AI service 35', () => AI_SERVICE_NAMES[35], 'Vast.ai'],
    ['AI service 21', () => AI_SERVICE_NAMES[21], 'Ultra Mobile'],
    ['AI service 99 (zh)', () => AI_SERVICE_LABELS[99].zh, '其他'],
  ] as const)('%s is labelled', (_name, actual, expected) => {
    expect(actual()).toBe(expected);
  });

  it('every 17, 20, 21, 23, 24 channel is an all-in-pay variant', () => {
    for (const id of [17, 20, 21, 23, 24] as const) expect(PAY_CHANNEL_LABELS[id].en).toMatch(/^All-in-pay/);
  });

  it('picks the label of the requested language', () => {
    expect(enumLabel(ORDER_TYPE_LABELS, OrderType.recharge, 'zh')).toBe('充值');
    expect(enumLabel(ORDER_TYPE_LABELS, OrderType.recharge, 'en')).toBe('Recharge');
  });
});

describe('zod schemas', () => {
  const schemas: Array<[string, z.ZodType, readonly unknown[], readonly unknown[]]> = [
    ['order type', orderTypeSchema, [0, 12, 14], [15, -1, '12', 1.5, null]],
    ['pay channel', payChannelSchema, [1, 24], [0, 25, '4']],
    ['transaction type', transactionTypeSchema, [1, 4], [0, 5, 'alipay']],
    ['phone region', phoneRegionSchema, [86, 852, 853], [1, 886, '86']],
    ['balance record type', balanceRecordTypeSchema, [0, 21, 28, 32], [5, 22, 29, 33]],
    ['card platform', cardPlatformSchema, [1, 4, 7], [5, 8]],
    ['reward type', rewardTypeSchema, [0, 1, 7], [2, 8]],
    ['sort type', sortTypeSchema, [0, 1], [2, 'asc']],
    ['AI service id', aiServiceIdSchema, [1, 46, 99], [0, 47, 98, 100]],
    ['verify code type', verifyCodeTypeSchema, ['login', 'verify'], ['Login', 'reset']],
  ];
  it.each(schemas)('%s accepts its values and rejects others', (_name, schema, good, bad) => {
    for (const value of good) expect(schema.safeParse(value).success, `accepts ${String(value)}`).toBe(true);
    for (const value of bad) expect(schema.safeParse(value).success, `rejects ${String(value)}`).toBe(false);
  });

  it('rejects a key name, accepting only values', () => {
    expect(orderTypeSchema.safeParse('cardUnfreeze').success).toBe(false);
  });

  it('lists the allowed values in its error message', () => {
    const result = transactionTypeSchema.safeParse(9);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('1|2|3|4');
  });
});

describe('card platforms', () => {
  it('only QbitBudget (4) and Corpay (7) are enabled', () => {
    expect([...ENABLED_CARD_PLATFORMS].sort()).toEqual([4, 7]);
    for (const platform of enumValues(CardPlatform)) {
      expect(isCardPlatformEnabled(platform)).toBe(platform === 4 || platform === 7);
    }
  });
  it.each([
    [1, 'Qbit'],
    [2, 'Pingpong'],
    [3, 'EasyPay'],
    [4, 'QbitBudget'],
    [6, 'Photon'],
    [7, 'Corpay'],
  ] as const)('platform %i is %s', (id, name) => {
    expect(CARD_PLATFORM_INFO[id].name).toBe(name);
  });
});

describe('order status', () => {
  it.each([
    [0, 'pending'],
    [1, 'pending'],
    [2, 'success'],
    [3, 'failed'],
  ] as const)('source id %i maps to %s', (id, status) => {
    expect(ORDER_STATUS_BY_SOURCE_ID[id]).toBe(status);
    expect(orderStatusFromSourceId(id)).toBe(status);
  });
  it('has no status for an unknown source id', () => {
    expect(orderStatusFromSourceId(4)).toBeUndefined();
    expect(orderStatusFromSourceId(-1)).toBeUndefined();
  });
});

describe('phone regions', () => {
  it.each([
    [86, 11],
    [852, 8],
    [853, 8],
  ] as const)('region %i has %i digits', (region, digits) => {
    expect(PHONE_REGION_DIGITS[region]).toBe(digits);
  });
});

describe('ChatGPT plans', () => {
  it.each([
    ['Plus', ChatGptPlan.plus, 2000, 1],
    ['Pro', ChatGptPlan.pro, 20000, 1],
    ['Team monthly', ChatGptPlan.teamMonthly, 3000, 1],
    ['Team yearly', ChatGptPlan.teamYearly, 2500, 12],
  ] as const)('%s costs %i cents a month, billed %i month(s) at once', (_name, plan, cents, months) => {
    expect(CHATGPT_PLAN_PRICING[plan].pricePerMonthCents).toBe(cents);
    expect(CHATGPT_PLAN_PRICING[plan].billingMonths).toBe(months);
  });
  it('Team needs at least 2 seats (so $60 a month flexible, $50 annual for the minimum)', () => {
    expect(CHATGPT_PLAN_PRICING[ChatGptPlan.teamMonthly].minSeats).toBe(2);
    expect(CHATGPT_PLAN_PRICING[ChatGptPlan.teamMonthly].pricePerMonthCents * 2).toBe(6000);
    expect(CHATGPT_PLAN_PRICING[ChatGptPlan.teamYearly].pricePerMonthCents * 2).toBe(5000);
    expect(CHATGPT_PLAN_PRICING[ChatGptPlan.plus].minSeats).toBe(1);
  });
});

describe('reward types', () => {
  it.each([
    [0, false, false],
    [1, true, false],
    [3, true, false],
    [4, true, false],
    [5, false, true],
    [6, false, true],
    [7, false, true],
  ] as const)('type %i: second-level %s, tiered %s', (type, secondLevel, tiered) => {
    expect(isSecondLevelRewardType(type)).toBe(secondLevel);
    expect(isTieredRewardType(type)).toBe(tiered);
  });
});

describe('helpers', () => {
  it('currency ISO codes', () => {
    expect(CURRENCY_ISO_CODES[Currency.RMB]).toBe('CNY');
    expect(CURRENCY_ISO_CODES[Currency.USD]).toBe('USD');
  });
  it('isEnumValue checks values, not keys', () => {
    expect(isEnumValue(OrderType, 12)).toBe(true);
    expect(isEnumValue(OrderType, 'cardUnfreeze')).toBe(false);
    expect(isEnumValue(OrderType, 15)).toBe(false);
  });
  it('enumKey finds the readable name of a value', () => {
    expect(enumKey(OrderType, 12)).toBe('cardUnfreeze');
    expect(enumKey(TransactionType, 4)).toBe('alipayHK');
    expect(() => enumKey(OrderType, 99 as OrderType)).toThrow();
  });
});
