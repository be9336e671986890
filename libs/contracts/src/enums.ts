// Every enumeration of the seeds (000 §3/§7, 001 §3/§4, 002 §3/§9), with the seeds' exact
// numeric or string values. The pattern, for an enumeration `Foo`:
//
//   export const Foo = { readableKey: <seed value>, ... } as const;   // the values
//   export type Foo = (typeof Foo)[keyof typeof Foo];                  // their union
//   export const fooSchema = z.enum(Foo);                              // zod, lists allowed values
//   export const FOO_LABELS: Record<Foo, Localized> = { ... };         // where the seeds name them
//
// `z.enum` takes the `as const` object directly in zod 4, accepts only the values (never the
// keys, never a numeric string), and fails with "expected one of 0|1|2". Query strings carry
// numbers as text: coerce them (`z.coerce.number().pipe(fooSchema)`) at the route, not here.
//
// Enumerations marked "values ours" are named by the seeds without wire values; the values
// here are our design and may be chosen freely by the owning service's storage.
import { z } from 'zod';
import type { Language, Localized } from './language.js';

type EnumLike = Readonly<Record<string, string | number>>;

/** The union of an enumeration object's values. */
export type EnumValue<E extends EnumLike> = E[keyof E];

/** The values of an enumeration object, in declaration order. */
export function enumValues<const E extends EnumLike>(enumeration: E): EnumValue<E>[] {
  return Object.values(enumeration) as EnumValue<E>[];
}

/** True when `value` is one of the enumeration's values (a type guard). */
export function isEnumValue<const E extends EnumLike>(enumeration: E, value: unknown): value is EnumValue<E> {
  return (Object.values(enumeration) as unknown[]).includes(value);
}

/** The key (readable name) of a value, e.g. `enumKey(OrderType, 12) === 'cardUnfreeze'`. */
export function enumKey<const E extends EnumLike>(enumeration: E, value: EnumValue<E>): keyof E & string {
  const found = Object.entries(enumeration).find(([, v]) => v === value);
  if (!found) throw new Error(`value ${String(value)} is not in the enumeration`);
  return found[0] as keyof E & string;
}

/** A label in the requested language. */
export function enumLabel<V extends string | number>(
  labels: Readonly<Record<V, Localized>>,
  value: V,
  language: Language,
): string {
  return labels[value][language];
}

function same(text: string): Localized {
  return { zh: text, en: text };
}

// ---------------------------------------------------------------------------------------------
// Session and account (seed 000)
// ---------------------------------------------------------------------------------------------

/** Header `clientType` (000 §7): mobile is a viewport under 720 px. */
export const ClientType = { desktop: 1, mobile: 2 } as const;
export type ClientType = (typeof ClientType)[keyof typeof ClientType];
export const clientTypeSchema = z.enum(ClientType);
export const CLIENT_TYPE_LABELS: Record<ClientType, Localized> = {
  [ClientType.desktop]: { zh: '桌面端', en: 'Desktop' },
  [ClientType.mobile]: { zh: '移动端', en: 'Mobile' },
};

/** Phone regions by calling code (000 §3/§5, 001 §3, 002 §9). */
export const PhoneRegion = { china: 86, hongKong: 852, macao: 853 } as const;
export type PhoneRegion = (typeof PhoneRegion)[keyof typeof PhoneRegion];
export const phoneRegionSchema = z.enum(PhoneRegion);
export const PHONE_REGION_LABELS: Record<PhoneRegion, Localized> = {
  [PhoneRegion.china]: { zh: '中国大陆', en: 'Mainland China' },
  [PhoneRegion.hongKong]: { zh: '中国香港', en: 'Hong Kong' },
  [PhoneRegion.macao]: { zh: '中国澳门', en: 'Macao' },
};
/** Digits of a national mobile number: China 11, Hong Kong and Macao 8. */
export const PHONE_REGION_DIGITS: Record<PhoneRegion, number> = {
  [PhoneRegion.china]: 11,
  [PhoneRegion.hongKong]: 8,
  [PhoneRegion.macao]: 8,
};

/** User info `emailVerifyStatus` (000 §3): 0 not verified. */
export const EmailVerifyStatus = { notVerified: 0, verified: 1 } as const;
export type EmailVerifyStatus = (typeof EmailVerifyStatus)[keyof typeof EmailVerifyStatus];
export const emailVerifyStatusSchema = z.enum(EmailVerifyStatus);
export const EMAIL_VERIFY_STATUS_LABELS: Record<EmailVerifyStatus, Localized> = {
  [EmailVerifyStatus.notVerified]: { zh: '未验证', en: 'Not verified' },
  [EmailVerifyStatus.verified]: { zh: '已验证', en: 'Verified' },
};

/** Client user-state `getUserInfoStatus` (000 §3). */
export const GetUserInfoStatus = {
  initial: 'initial',
  loading: 'loading',
  success: 'success',
  failed: 'failed',
} as const;
export type GetUserInfoStatus = (typeof GetUserInfoStatus)[keyof typeof GetUserInfoStatus];
export const getUserInfoStatusSchema = z.enum(GetUserInfoStatus);

/** `verifyCodeType` of POST /user/email/verifyCode (000 §7). */
export const VerifyCodeType = {
  login: 'login',
  register: 'register',
  updatePassword: 'updatePassword',
  updateEmail: 'updateEmail',
  verify: 'verify',
} as const;
export type VerifyCodeType = (typeof VerifyCodeType)[keyof typeof VerifyCodeType];
export const verifyCodeTypeSchema = z.enum(VerifyCodeType);
export const VERIFY_CODE_TYPE_LABELS: Record<VerifyCodeType, Localized> = {
  [VerifyCodeType.login]: { zh: '登录', en: 'Login' },
  [VerifyCodeType.register]: { zh: '注册', en: 'Register' },
  [VerifyCodeType.updatePassword]: { zh: '修改密码', en: 'Update password' },
  [VerifyCodeType.updateEmail]: { zh: '修改邮箱', en: 'Update e-mail' },
  [VerifyCodeType.verify]: { zh: '验证', en: 'Verify' },
};

/** Login method (000 §4). Values ours. */
export const LoginMethod = { email: 'email', phone: 'phone' } as const;
export type LoginMethod = (typeof LoginMethod)[keyof typeof LoginMethod];
export const loginMethodSchema = z.enum(LoginMethod);

/** Login credential type (000 §4). Values ours. */
export const CredentialType = { password: 'password', code: 'code' } as const;
export type CredentialType = (typeof CredentialType)[keyof typeof CredentialType];
export const credentialTypeSchema = z.enum(CredentialType);

/** Change-email modal type (000 §4). Values ours. */
export const ChangeEmailType = { update: 'update', bind: 'bind' } as const;
export type ChangeEmailType = (typeof ChangeEmailType)[keyof typeof ChangeEmailType];
export const changeEmailTypeSchema = z.enum(ChangeEmailType);

/** Account-opening status (000 §3, 001 §3). */
export const AccountOpeningStatus = {
  notOpened: 0,
  opening: 1,
  submitted: 2,
  success: 3,
  failed: 4,
  cardholderInfoSaved: 5,
} as const;
export type AccountOpeningStatus = (typeof AccountOpeningStatus)[keyof typeof AccountOpeningStatus];
export const accountOpeningStatusSchema = z.enum(AccountOpeningStatus);
export const ACCOUNT_OPENING_STATUS_LABELS: Record<AccountOpeningStatus, Localized> = {
  [AccountOpeningStatus.notOpened]: { zh: '未开户', en: 'Not opened' },
  [AccountOpeningStatus.opening]: { zh: '开户中', en: 'Opening' },
  [AccountOpeningStatus.submitted]: { zh: '已提交', en: 'Submitted' },
  [AccountOpeningStatus.success]: { zh: '开户成功', en: 'Success' },
  [AccountOpeningStatus.failed]: { zh: '开户失败', en: 'Failed' },
  [AccountOpeningStatus.cardholderInfoSaved]: { zh: '持卡人信息已保存', en: 'Cardholder info saved' },
};

/** Identity-info status (000 §3, 001 §3). */
export const IdentityInfoStatus = { notSaved: 0, saved: 1, paid: 2 } as const;
export type IdentityInfoStatus = (typeof IdentityInfoStatus)[keyof typeof IdentityInfoStatus];
export const identityInfoStatusSchema = z.enum(IdentityInfoStatus);
export const IDENTITY_INFO_STATUS_LABELS: Record<IdentityInfoStatus, Localized> = {
  [IdentityInfoStatus.notSaved]: { zh: '未保存', en: 'Not saved' },
  [IdentityInfoStatus.saved]: { zh: '已保存', en: 'Saved' },
  [IdentityInfoStatus.paid]: { zh: '已支付', en: 'Paid' },
};

/** Face-verify status (000 §3, 001 §3). */
export const FaceVerifyStatus = { processing: 0, success: 1, failure: 2 } as const;
export type FaceVerifyStatus = (typeof FaceVerifyStatus)[keyof typeof FaceVerifyStatus];
export const faceVerifyStatusSchema = z.enum(FaceVerifyStatus);
export const FACE_VERIFY_STATUS_LABELS: Record<FaceVerifyStatus, Localized> = {
  [FaceVerifyStatus.processing]: { zh: '认证中', en: 'Processing' },
  [FaceVerifyStatus.success]: { zh: '认证成功', en: 'Success' },
  [FaceVerifyStatus.failure]: { zh: '认证失败', en: 'Failure' },
};

/** Payment-password verify `resultType` (001 §3, 002 §4). */
export const PayPasswordResult = { success: 0, notSet: 1, wrong: 2, limitExceeded: 3 } as const;
export type PayPasswordResult = (typeof PayPasswordResult)[keyof typeof PayPasswordResult];
export const payPasswordResultSchema = z.enum(PayPasswordResult);
export const PAY_PASSWORD_RESULT_LABELS: Record<PayPasswordResult, Localized> = {
  [PayPasswordResult.success]: { zh: '验证成功', en: 'Success' },
  [PayPasswordResult.notSet]: { zh: '未设置支付密码', en: 'Payment password not set' },
  [PayPasswordResult.wrong]: { zh: '支付密码错误', en: 'Wrong payment password' },
  [PayPasswordResult.limitExceeded]: { zh: '错误次数已达上限', en: 'Failure limit exceeded' },
};

/** List `sortType` (002 §7, §9): ascending 1, descending 0. */
export const SortType = { descending: 0, ascending: 1 } as const;
export type SortType = (typeof SortType)[keyof typeof SortType];
export const sortTypeSchema = z.enum(SortType);
export const SORT_TYPE_LABELS: Record<SortType, Localized> = {
  [SortType.descending]: { zh: '降序', en: 'Descending' },
  [SortType.ascending]: { zh: '升序', en: 'Ascending' },
};

// ---------------------------------------------------------------------------------------------
// Orders and payment (seeds 001 §3, 002 §9)
// ---------------------------------------------------------------------------------------------

/** Order type: what an order pays for. */
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
} as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];
export const orderTypeSchema = z.enum(OrderType);
export const ORDER_TYPE_LABELS: Record<OrderType, Localized> = {
  [OrderType.recharge]: { zh: '充值', en: 'Recharge' },
  [OrderType.openAccount]: { zh: '开户', en: 'Open account' },
  [OrderType.multipleCard]: { zh: '多卡', en: 'Multiple card' },
  [OrderType.remote]: { zh: '远程环境', en: 'Remote environment' },
  [OrderType.sms]: { zh: '海外短信', en: 'SMS' },
  [OrderType.proxy]: { zh: '代理', en: 'Proxy' },
  [OrderType.openaiAccount]: { zh: 'OpenAI 账号', en: 'OpenAI account' },
  [OrderType.renew]: { zh: '续费', en: 'Renew' },
  [OrderType.browser]: { zh: '浏览器', en: 'Browser' },
  [OrderType.flex]: { zh: 'Flex', en: 'Flex' },
  [OrderType.apiRecharge]: { zh: 'API 充值', en: 'API recharge' },
  [OrderType.overseasEmail]: { zh: '海外邮箱', en: 'Overseas e-mail' },
  [OrderType.cardUnfreeze]: { zh: '卡片解冻', en: 'Card unfreeze' },
  [OrderType.outstandingBalanceTopUp]: { zh: '欠款补缴', en: 'Outstanding balance top-up' },
  [OrderType.riskCardChange]: { zh: '风险换卡', en: 'Risk card change' },
};

/**
 * Payment channel ids (`channelType`), 1 to 24. The zh labels are translations of the seeds'
 * English names (the seeds give no Chinese names); 17, 20, 21, 23, 24 are all-in-pay variants
 * and 22 a new-pay variant, named by their id.
 */
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
} as const;
export type PayChannel = (typeof PayChannel)[keyof typeof PayChannel];
export const payChannelSchema = z.enum(PayChannel);
export const PAY_CHANNEL_LABELS: Record<PayChannel, Localized> = {
  [PayChannel.allPay]: { zh: '全付（云闪付）', en: 'All-pay (cloud flash pay)' },
  [PayChannel.cardPaymentProvider]: { zh: '银行卡支付服务商', en: 'Card payment provider' },
  [PayChannel.crossBorderPay]: { zh: '跨境支付', en: 'Cross-border pay' },
  [PayChannel.wechat]: { zh: '微信', en: 'WeChat' },
  [PayChannel.balance]: { zh: '余额', en: 'Balance' },
  [PayChannel.fourierAlipay]: { zh: '傅里叶支付宝', en: 'Fourier Alipay' },
  [PayChannel.newPay]: { zh: '新支付', en: 'New pay' },
  [PayChannel.newAllPayUnion]: { zh: '新全付银联', en: 'New all-pay union' },
  [PayChannel.smallWorld]: { zh: '小世界', en: 'Small-world' },
  [PayChannel.youWorldNewPay]: { zh: '优世界新支付', en: 'You-world new pay' },
  [PayChannel.transferEasy]: { zh: '转账易', en: 'Transfer easy' },
  [PayChannel.allInPay]: { zh: '通联支付', en: 'All-in-pay' },
  [PayChannel.lianlian]: { zh: '连连支付', en: 'Lianlian' },
  [PayChannel.suPay]: { zh: '速付', en: 'Su pay' },
  [PayChannel.transferEasyPayForMe]: { zh: '转账易代付', en: 'Transfer easy pay-for-me' },
  [PayChannel.iotPay]: { zh: 'IoT 支付', en: 'Iot pay' },
  [PayChannel.allInPay17]: { zh: '通联支付 17', en: 'All-in-pay 17' },
  [PayChannel.gecko]: { zh: '壁虎', en: 'Gecko' },
  [PayChannel.liquidity]: { zh: 'Liquidity', en: 'Liquidity' },
  [PayChannel.allInPay20]: { zh: '通联支付 20', en: 'All-in-pay 20' },
  [PayChannel.allInPay21]: { zh: '通联支付 21', en: 'All-in-pay 21' },
  [PayChannel.newPay22]: { zh: '新支付 22', en: 'New pay 22' },
  [PayChannel.allInPay23]: { zh: '通联支付 23', en: 'All-in-pay 23' },
  [PayChannel.allInPay24]: { zh: '通联支付 24', en: 'All-in-pay 24' },
};

/** Transaction type: the wallet the payer uses (keys as in the seed: alipay, wechat, union, alipayHK). */
export const TransactionType = { alipay: 1, wechat: 2, union: 3, alipayHK: 4 } as const;
export type TransactionType = (typeof TransactionType)[keyof typeof TransactionType];
export const transactionTypeSchema = z.enum(TransactionType);
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, Localized> = {
  [TransactionType.alipay]: { zh: '支付宝', en: 'Alipay' },
  [TransactionType.wechat]: { zh: '微信支付', en: 'WeChat Pay' },
  [TransactionType.union]: { zh: '银联', en: 'UnionPay' },
  [TransactionType.alipayHK]: { zh: '支付宝香港', en: 'Alipay HK' },
};

/** Pay page type: QR code on desktop, H5 on mobile. */
export const PayPageType = { qrCode: 1, h5: 2 } as const;
export type PayPageType = (typeof PayPageType)[keyof typeof PayPageType];
export const payPageTypeSchema = z.enum(PayPageType);
export const PAY_PAGE_TYPE_LABELS: Record<PayPageType, Localized> = {
  [PayPageType.qrCode]: { zh: '二维码', en: 'QR code' },
  [PayPageType.h5]: { zh: 'H5', en: 'H5' },
};

/** Pay status of a locally kept pay order: 0 not paid (processing), 1 success, 2 fail. */
export const PayStatus = { notPaid: 0, success: 1, fail: 2 } as const;
export type PayStatus = (typeof PayStatus)[keyof typeof PayStatus];
export const payStatusSchema = z.enum(PayStatus);
export const PAY_STATUS_LABELS: Record<PayStatus, Localized> = {
  [PayStatus.notPaid]: { zh: '未支付（处理中）', en: 'Not paid (processing)' },
  [PayStatus.success]: { zh: '支付成功', en: 'Success' },
  [PayStatus.fail]: { zh: '支付失败', en: 'Failed' },
};

/** Payment/transaction status: 0 unhandled, 1 handling, 2 done, 3 failed. */
export const TradeStatus = { unhandled: 0, handling: 1, done: 2, failed: 3 } as const;
export type TradeStatus = (typeof TradeStatus)[keyof typeof TradeStatus];
export const tradeStatusSchema = z.enum(TradeStatus);
export const TRADE_STATUS_LABELS: Record<TradeStatus, Localized> = {
  [TradeStatus.unhandled]: { zh: '未处理', en: 'Unhandled' },
  [TradeStatus.handling]: { zh: '处理中', en: 'Handling' },
  [TradeStatus.done]: { zh: '已完成', en: 'Done' },
  [TradeStatus.failed]: { zh: '失败', en: 'Failed' },
};

/** Order status strings (002 §9). */
export const OrderStatus = { pending: 'pending', success: 'success', failed: 'failed' } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const orderStatusSchema = z.enum(OrderStatus);
export const ORDER_STATUS_LABELS: Record<OrderStatus, Localized> = {
  [OrderStatus.pending]: { zh: '处理中', en: 'Pending' },
  [OrderStatus.success]: { zh: '成功', en: 'Success' },
  [OrderStatus.failed]: { zh: '失败', en: 'Failed' },
};
/** The seed's source ids of an order status: 0 and 1 pending, 2 success, 3 failed (the trade statuses). */
export const ORDER_STATUS_BY_SOURCE_ID: Readonly<Record<TradeStatus, OrderStatus>> = {
  [TradeStatus.unhandled]: OrderStatus.pending,
  [TradeStatus.handling]: OrderStatus.pending,
  [TradeStatus.done]: OrderStatus.success,
  [TradeStatus.failed]: OrderStatus.failed,
};
/** Maps a source id to its status string; undefined for an id outside 0-3. */
export function orderStatusFromSourceId(sourceId: number): OrderStatus | undefined {
  return isEnumValue(TradeStatus, sourceId) ? ORDER_STATUS_BY_SOURCE_ID[sourceId] : undefined;
}

/** Refund state. */
export const RefundState = { notRefunded: 0, refunded: 1, refunding: 2 } as const;
export type RefundState = (typeof RefundState)[keyof typeof RefundState];
export const refundStateSchema = z.enum(RefundState);
export const REFUND_STATE_LABELS: Record<RefundState, Localized> = {
  [RefundState.notRefunded]: { zh: '未退款', en: 'Not refunded' },
  [RefundState.refunded]: { zh: '已退款', en: 'Refunded' },
  [RefundState.refunding]: { zh: '退款中', en: 'Refunding' },
};

/** Currency: 1 RMB, 2 US dollar. Amounts are integer minor units: fen for RMB, cents for USD. */
export const Currency = { RMB: 1, USD: 2 } as const;
export type Currency = (typeof Currency)[keyof typeof Currency];
export const currencySchema = z.enum(Currency);
export const CURRENCY_LABELS: Record<Currency, Localized> = {
  [Currency.RMB]: { zh: '人民币', en: 'RMB' },
  [Currency.USD]: { zh: '美元', en: 'US dollar' },
};
/** ISO 4217 code of each currency (both have 2 decimal places: 100 minor units per unit). */
export const CURRENCY_ISO_CODES: Record<Currency, 'CNY' | 'USD'> = {
  [Currency.RMB]: 'CNY',
  [Currency.USD]: 'USD',
};

/** Receipt (invoice) types (001 §2, 002 §9). The seed shows only `receiptType` API; the other two values are ours. */
export const ReceiptType = {
  accountOpening: 'ACCOUNT_OPENING',
  transaction: 'TRANSACTION',
  api: 'API',
} as const;
export type ReceiptType = (typeof ReceiptType)[keyof typeof ReceiptType];
export const receiptTypeSchema = z.enum(ReceiptType);
export const RECEIPT_TYPE_LABELS: Record<ReceiptType, Localized> = {
  [ReceiptType.accountOpening]: { zh: '开户收据', en: 'Account opening' },
  [ReceiptType.transaction]: { zh: '交易收据', en: 'Transaction' },
  [ReceiptType.api]: { zh: 'API 收据', en: 'API' },
};

/** Business kinds (002 §9). */
export const BusinessKind = { accountOpening: 1, aiflex: 2, paymentProxy: 3 } as const;
export type BusinessKind = (typeof BusinessKind)[keyof typeof BusinessKind];
export const businessKindSchema = z.enum(BusinessKind);
export const BUSINESS_KIND_LABELS: Record<BusinessKind, Localized> = {
  [BusinessKind.accountOpening]: { zh: '开户', en: 'Account opening' },
  [BusinessKind.aiflex]: { zh: 'AI Flex', en: 'AI Flex' },
  [BusinessKind.paymentProxy]: { zh: '代付', en: 'Payment proxy' },
};

// ---------------------------------------------------------------------------------------------
// Card and balance (seed 001)
// ---------------------------------------------------------------------------------------------

/** Balance record (ledger row) types; several ids share a label, as in the seed. */
export const BalanceRecordType = {
  uncleared: 0,
  recharge: 1,
  charge: 2,
  spend: 3,
  refund: 4,
  withdraw: 8,
  reversal: 9,
  crossBorderFee: 10,
  invitationReward: 21,
  balance23: 23,
  balance24: 24,
  balance25: 25,
  withdraw26: 26,
  balance27: 27,
  balanceIn: 28,
  withdraw30: 30,
  balance31: 31,
  balance32: 32,
} as const;
export type BalanceRecordType = (typeof BalanceRecordType)[keyof typeof BalanceRecordType];
export const balanceRecordTypeSchema = z.enum(BalanceRecordType);
const BALANCE_LABEL: Localized = { zh: '余额', en: 'Balance' };
const WITHDRAW_LABEL: Localized = { zh: '提现', en: 'Withdraw' };
export const BALANCE_RECORD_TYPE_LABELS: Record<BalanceRecordType, Localized> = {
  [BalanceRecordType.uncleared]: { zh: '未结算', en: 'Uncleared' },
  [BalanceRecordType.recharge]: { zh: '充值', en: 'Recharge' },
  [BalanceRecordType.charge]: { zh: '扣费', en: 'Charge' },
  [BalanceRecordType.spend]: { zh: '消费', en: 'Spend' },
  [BalanceRecordType.refund]: { zh: '退款', en: 'Refund' },
  [BalanceRecordType.withdraw]: WITHDRAW_LABEL,
  [BalanceRecordType.reversal]: { zh: '冲正', en: 'Reversal' },
  [BalanceRecordType.crossBorderFee]: { zh: '跨境手续费', en: 'Cross-border fee' },
  [BalanceRecordType.invitationReward]: { zh: '邀请奖励', en: 'Invitation reward' },
  [BalanceRecordType.balance23]: BALANCE_LABEL,
  [BalanceRecordType.balance24]: BALANCE_LABEL,
  [BalanceRecordType.balance25]: BALANCE_LABEL,
  [BalanceRecordType.withdraw26]: WITHDRAW_LABEL,
  [BalanceRecordType.balance27]: BALANCE_LABEL,
  [BalanceRecordType.balanceIn]: { zh: '余额转入', en: 'Balance in' },
  [BalanceRecordType.withdraw30]: WITHDRAW_LABEL,
  [BalanceRecordType.balance31]: BALANCE_LABEL,
  [BalanceRecordType.balance32]: BALANCE_LABEL,
};

/** Card platforms (issuers). Only QbitBudget (4) and Corpay (7) are enabled. */
export const CardPlatform = { qbit: 1, pingpong: 2, easyPay: 3, qbitBudget: 4, photon: 6, corpay: 7 } as const;
export type CardPlatform = (typeof CardPlatform)[keyof typeof CardPlatform];
export const cardPlatformSchema = z.enum(CardPlatform);
export const CARD_PLATFORM_INFO: Readonly<Record<CardPlatform, { readonly name: string; readonly enabled: boolean }>> = {
  [CardPlatform.qbit]: { name: 'Qbit', enabled: false },
  [CardPlatform.pingpong]: { name: 'Pingpong', enabled: false },
  [CardPlatform.easyPay]: { name: 'EasyPay', enabled: false },
  [CardPlatform.qbitBudget]: { name: 'QbitBudget', enabled: true },
  [CardPlatform.photon]: { name: 'Photon', enabled: false },
  [CardPlatform.corpay]: { name: 'Corpay', enabled: true },
};
export const CARD_PLATFORM_LABELS: Record<CardPlatform, Localized> = {
  [CardPlatform.qbit]: same('Qbit'),
  [CardPlatform.pingpong]: same('Pingpong'),
  [CardPlatform.easyPay]: same('EasyPay'),
  [CardPlatform.qbitBudget]: same('QbitBudget'),
  [CardPlatform.photon]: same('Photon'),
  [CardPlatform.corpay]: same('Corpay'),
};
/** The platforms new cards may be issued on. */
export const ENABLED_CARD_PLATFORMS: readonly CardPlatform[] = enumValues(CardPlatform).filter(
  (platform) => CARD_PLATFORM_INFO[platform].enabled,
);
export function isCardPlatformEnabled(platform: CardPlatform): boolean {
  return CARD_PLATFORM_INFO[platform].enabled;
}

/** Card tiers (001 §1): standard (2 years) and Pro (4 years). Values ours. */
export const CardTier = { standard: 'standard', pro: 'pro' } as const;
export type CardTier = (typeof CardTier)[keyof typeof CardTier];
export const cardTierSchema = z.enum(CardTier);
export const CARD_TIER_LABELS: Record<CardTier, Localized> = {
  [CardTier.standard]: { zh: '标准卡', en: 'Standard' },
  [CardTier.pro]: { zh: 'Pro 卡', en: 'Pro' },
};

/** Card states (001 §4). Values ours. */
export const CardState = { active: 'active', frozen: 'frozen', cancelled: 'cancelled', upgraded: 'upgraded' } as const;
export type CardState = (typeof CardState)[keyof typeof CardState];
export const cardStateSchema = z.enum(CardState);
export const CARD_STATE_LABELS: Record<CardState, Localized> = {
  [CardState.active]: { zh: '正常', en: 'Active' },
  [CardState.frozen]: { zh: '已冻结', en: 'Frozen' },
  [CardState.cancelled]: { zh: '已注销', en: 'Cancelled' },
  [CardState.upgraded]: { zh: '已换卡', en: 'Upgraded' },
};

/**
 * Why a card was frozen (001 §4): 5 insufficient-balance failures in total, 3 within 1 hour,
 * or the user's own request. `issuer` covers a freeze the card platform reports. Values ours.
 */
export const CardFreezeReason = {
  insufficientBalanceTotal: 'insufficient_balance_total',
  insufficientBalanceHourly: 'insufficient_balance_hourly',
  voluntary: 'voluntary',
  issuer: 'issuer',
} as const;
export type CardFreezeReason = (typeof CardFreezeReason)[keyof typeof CardFreezeReason];
export const cardFreezeReasonSchema = z.enum(CardFreezeReason);
export const CARD_FREEZE_REASON_LABELS: Record<CardFreezeReason, Localized> = {
  [CardFreezeReason.insufficientBalanceTotal]: {
    zh: '余额不足扣款失败累计 5 次',
    en: '5 failed payments for insufficient balance in total',
  },
  [CardFreezeReason.insufficientBalanceHourly]: {
    zh: '1 小时内余额不足扣款失败 3 次',
    en: '3 failed payments for insufficient balance within 1 hour',
  },
  [CardFreezeReason.voluntary]: { zh: '用户主动冻结', en: 'Frozen by the user' },
  [CardFreezeReason.issuer]: { zh: '发卡平台冻结', en: 'Frozen by the card platform' },
};

/**
 * Why a card was cancelled (001 §4): bank risk control after more than 10 consecutive failed
 * deductions or an authorisation failure rate above 20%; replaced by a risk card change
 * (order type 14); expired; the account was deleted; or the card platform cancelled it. Values ours.
 */
export const CardCancelReason = {
  consecutiveFailedDeductions: 'consecutive_failed_deductions',
  authorizationFailureRate: 'authorization_failure_rate',
  cardChanged: 'card_changed',
  expired: 'expired',
  accountDeleted: 'account_deleted',
  issuer: 'issuer',
} as const;
export type CardCancelReason = (typeof CardCancelReason)[keyof typeof CardCancelReason];
export const cardCancelReasonSchema = z.enum(CardCancelReason);
export const CARD_CANCEL_REASON_LABELS: Record<CardCancelReason, Localized> = {
  [CardCancelReason.consecutiveFailedDeductions]: {
    zh: '连续扣款失败超过 10 次，被银行风控注销',
    en: 'Cancelled by bank risk control after more than 10 consecutive failed deductions',
  },
  [CardCancelReason.authorizationFailureRate]: {
    zh: '授权失败率超过 20%，被银行风控注销',
    en: 'Cancelled by bank risk control for an authorisation failure rate above 20%',
  },
  [CardCancelReason.cardChanged]: { zh: '已换卡', en: 'Replaced by a new card' },
  [CardCancelReason.expired]: { zh: '卡片已过期', en: 'Card expired' },
  [CardCancelReason.accountDeleted]: { zh: '账户已注销', en: 'Account deleted' },
  [CardCancelReason.issuer]: { zh: '发卡平台注销', en: 'Cancelled by the card platform' },
};

/** Bill row status (001 §3). Values ours. */
export const BillStatus = { processing: 'processing', success: 'success', fail: 'fail' } as const;
export type BillStatus = (typeof BillStatus)[keyof typeof BillStatus];
export const billStatusSchema = z.enum(BillStatus);
export const BILL_STATUS_LABELS: Record<BillStatus, Localized> = {
  [BillStatus.processing]: { zh: '处理中', en: 'Processing' },
  [BillStatus.success]: { zh: '成功', en: 'Success' },
  [BillStatus.fail]: { zh: '失败', en: 'Failed' },
};

/** Withdraw types: 1 balance (back to the original channel), 2 reward (to Alipay). */
export const WithdrawType = { balance: 1, reward: 2 } as const;
export type WithdrawType = (typeof WithdrawType)[keyof typeof WithdrawType];
export const withdrawTypeSchema = z.enum(WithdrawType);
export const WITHDRAW_TYPE_LABELS: Record<WithdrawType, Localized> = {
  [WithdrawType.balance]: { zh: '余额提现', en: 'Balance' },
  [WithdrawType.reward]: { zh: '奖励提现', en: 'Reward' },
};

/** Maintenance flags (001 §2): which operations a maintenance window suspends. Values ours. */
export const MaintenanceFeature = {
  openCard: 'openCard',
  recharge: 'recharge',
  openaiApi: 'openaiApi',
  withdraw: 'withdraw',
  copyCvv: 'copyCvv',
} as const;
export type MaintenanceFeature = (typeof MaintenanceFeature)[keyof typeof MaintenanceFeature];
export const maintenanceFeatureSchema = z.enum(MaintenanceFeature);

// ---------------------------------------------------------------------------------------------
// Tools and the ChatGPT upgrade (seed 001)
// ---------------------------------------------------------------------------------------------

/** Upgrade failure reasons 0-5 (001 §3; "payment failure reasons" in 002 §9). */
export const UpgradeFailureReason = {
  default: 0,
  linkExpired: 1,
  unsupportedEmail: 2,
  bankCardRejected: 3,
  paymentMethodVerificationFailed: 4,
  captchaVerificationFailed: 5,
} as const;
export type UpgradeFailureReason = (typeof UpgradeFailureReason)[keyof typeof UpgradeFailureReason];
export const upgradeFailureReasonSchema = z.enum(UpgradeFailureReason);
export const UPGRADE_FAILURE_REASON_LABELS: Record<UpgradeFailureReason, Localized> = {
  [UpgradeFailureReason.default]: { zh: '升级失败，请联系客服', en: 'Upgrade failed, contact customer service' },
  [UpgradeFailureReason.linkExpired]: { zh: '链接已过期', en: 'Link expired' },
  [UpgradeFailureReason.unsupportedEmail]: { zh: '不支持的邮箱账号', en: 'Unsupported e-mail account' },
  [UpgradeFailureReason.bankCardRejected]: { zh: '银行卡被拒绝', en: 'Bank card rejected' },
  [UpgradeFailureReason.paymentMethodVerificationFailed]: {
    zh: '支付方式验证失败',
    en: 'Payment method verification failed',
  },
  [UpgradeFailureReason.captchaVerificationFailed]: { zh: '验证码验证失败', en: 'Captcha verification failed' },
};

/** ChatGPT plans of the upgrade (001 §3, 002 §9). */
export const ChatGptPlan = { plus: 1, teamMonthly: 2, teamYearly: 3, pro: 99 } as const;
export type ChatGptPlan = (typeof ChatGptPlan)[keyof typeof ChatGptPlan];
export const chatGptPlanSchema = z.enum(ChatGptPlan);
export const CHATGPT_PLAN_LABELS: Record<ChatGptPlan, Localized> = {
  [ChatGptPlan.plus]: same('ChatGPT Plus'),
  [ChatGptPlan.teamMonthly]: { zh: 'ChatGPT Team（月付）', en: 'ChatGPT Team (monthly)' },
  [ChatGptPlan.teamYearly]: { zh: 'ChatGPT Team（年付）', en: 'ChatGPT Team (yearly)' },
  [ChatGptPlan.pro]: same('ChatGPT Pro'),
};
/**
 * Price per month (per seat for Team) in USD cents, months billed at once, and minimum seats:
 * Plus $20, Pro $200, Team $30 monthly or $25 per month over 12 months, Team at least 2 seats.
 */
export const CHATGPT_PLAN_PRICING: Readonly<
  Record<ChatGptPlan, { readonly pricePerMonthCents: number; readonly billingMonths: number; readonly minSeats: number }>
> = {
  [ChatGptPlan.plus]: { pricePerMonthCents: 2000, billingMonths: 1, minSeats: 1 },
  [ChatGptPlan.teamMonthly]: { pricePerMonthCents: 3000, billingMonths: 1, minSeats: 2 },
  [ChatGptPlan.teamYearly]: { pricePerMonthCents: 2500, billingMonths: 12, minSeats: 2 },
  [ChatGptPlan.pro]: { pricePerMonthCents: 20000, billingMonths: 1, minSeats: 1 },
};

/** Upgrade task type (001 §3): plus or team. */
export const UpgradeType = { plus: 'plus', team: 'team' } as const;
export type UpgradeType = (typeof UpgradeType)[keyof typeof UpgradeType];
export const upgradeTypeSchema = z.enum(UpgradeType);

/** Upgrade task team type (001 §3): month or year. */
export const TeamBillingPeriod = { month: 'month', year: 'year' } as const;
export type TeamBillingPeriod = (typeof TeamBillingPeriod)[keyof typeof TeamBillingPeriod];
export const teamBillingPeriodSchema = z.enum(TeamBillingPeriod);

/** Overseas SMS number states (001 §4). Values ours. */
export const SmsNumberState = {
  applying: 'applying',
  pendingReceive: 'pending_receive',
  received: 'received',
  noMessage: 'no_message',
  expired: 'expired',
} as const;
export type SmsNumberState = (typeof SmsNumberState)[keyof typeof SmsNumberState];
export const smsNumberStateSchema = z.enum(SmsNumberState);

/** Overseas mailbox creation states (001 §4). Values ours. */
export const MailboxState = {
  processing: 'processing',
  success: 'success',
  failed: 'failed',
  duplicate: 'duplicate',
} as const;
export type MailboxState = (typeof MailboxState)[keyof typeof MailboxState];
export const mailboxStateSchema = z.enum(MailboxState);

/** OpenAI account registration states (001 §4). Values ours. */
export const OpenAiRegistrationState = { registering: 'registering', failed: 'failed', success: 'success' } as const;
export type OpenAiRegistrationState = (typeof OpenAiRegistrationState)[keyof typeof OpenAiRegistrationState];
export const openAiRegistrationStateSchema = z.enum(OpenAiRegistrationState);

// ---------------------------------------------------------------------------------------------
// Flex, coding and API Flex (seed 002)
// ---------------------------------------------------------------------------------------------

/** Platform (tab) types of the Flex page. */
export const FlexPlatformType = {
  chatgptMirror: 'chatgpt_mirror',
  chatgpt: 'chatgpt',
  claude: 'claude',
  sora: 'sora',
  aicoding: 'aicoding',
  aicoding0011: 'aicoding_0011',
} as const;
export type FlexPlatformType = (typeof FlexPlatformType)[keyof typeof FlexPlatformType];
export const flexPlatformTypeSchema = z.enum(FlexPlatformType);
export const FLEX_PLATFORM_TYPE_LABELS: Record<FlexPlatformType, Localized> = {
  [FlexPlatformType.chatgptMirror]: { zh: 'ChatGPT 镜像', en: 'ChatGPT mirror' },
  [FlexPlatformType.chatgpt]: same('ChatGPT'),
  [FlexPlatformType.claude]: same('Claude'),
  [FlexPlatformType.sora]: same('Sora'),
  [FlexPlatformType.aicoding]: same('AI Coding'),
  [FlexPlatformType.aicoding0011]: same('AI Coding 0011'),
};

/** Flex package kinds (002 §3), all 25; the value is the seed's name. */
export const FlexPackageKind = {
  chatgpt: 'chatgpt',
  chatgptQuarter: 'chatgptQuarter',
  chatgptDaily: 'chatgptDaily',
  chatgptToken: 'chatgptToken',
  chatgptTokenDaily: 'chatgptTokenDaily',
  chatgptTokenQuarter: 'chatgptTokenQuarter',
  chatgptMax: 'chatgptMax',
  chatgptMaxQuarter: 'chatgptMaxQuarter',
  chatgptTrial: 'chatgptTrial',
  chatgptTokenExtension: 'chatgptTokenExtension',
  claude: 'claude',
  claudeQuarter: 'claudeQuarter',
  claudeDaily: 'claudeDaily',
  claudePro: 'claudePro',
  claudeProQuarter: 'claudeProQuarter',
  claudeMax: 'claudeMax',
  claudeMaxQuarter: 'claudeMaxQuarter',
  claudeToken: 'claudeToken',
  claudeTrial: 'claudeTrial',
  claudeChatgpt: 'claudeChatgpt',
  claudeChatgptQuarter: 'claudeChatgptQuarter',
  soraDaily: 'soraDaily',
  soraMonth: 'soraMonth',
  soraQuarter: 'soraQuarter',
  soraExtension: 'soraExtension',
} as const;
export type FlexPackageKind = (typeof FlexPackageKind)[keyof typeof FlexPackageKind];
export const flexPackageKindSchema = z.enum(FlexPackageKind);

/** Flex package period, taken from the package subtitle (002 §3). */
export const FlexPeriod = { day: 'day', week: 'week', month: 'month', quarter: 'quarter', year: 'year' } as const;
export type FlexPeriod = (typeof FlexPeriod)[keyof typeof FlexPeriod];
export const flexPeriodSchema = z.enum(FlexPeriod);
export const FLEX_PERIOD_LABELS: Record<FlexPeriod, Localized> = {
  [FlexPeriod.day]: { zh: '天', en: 'Day' },
  [FlexPeriod.week]: { zh: '周', en: 'Week' },
  [FlexPeriod.month]: { zh: '月', en: 'Month' },
  [FlexPeriod.quarter]: { zh: '季度', en: 'Quarter' },
  [FlexPeriod.year]: { zh: '年', en: 'Year' },
};

/** Flex user info `use_status`: 0 not used, 1 in use, 2 expired. */
export const AiflexUseStatus = { notUsed: 0, inUse: 1, expired: 2 } as const;
export type AiflexUseStatus = (typeof AiflexUseStatus)[keyof typeof AiflexUseStatus];
export const aiflexUseStatusSchema = z.enum(AiflexUseStatus);
export const AIFLEX_USE_STATUS_LABELS: Record<AiflexUseStatus, Localized> = {
  [AiflexUseStatus.notUsed]: { zh: '未使用', en: 'Not used' },
  [AiflexUseStatus.inUse]: { zh: '使用中', en: 'In use' },
  [AiflexUseStatus.expired]: { zh: '已过期', en: 'Expired' },
};

/** Purchase flow steps of the package panel (002 §2, §9). */
export const PurchaseStep = { selectService: 0, invitationInput: 1, confirmPay: 2, paymentSuccess: 3 } as const;
export type PurchaseStep = (typeof PurchaseStep)[keyof typeof PurchaseStep];
export const purchaseStepSchema = z.enum(PurchaseStep);
export const PURCHASE_STEP_LABELS: Record<PurchaseStep, Localized> = {
  [PurchaseStep.selectService]: { zh: '选择服务', en: 'Select service' },
  [PurchaseStep.invitationInput]: { zh: '填写邀请码', en: 'Invitation code' },
  [PurchaseStep.confirmPay]: { zh: '确认支付', en: 'Confirm payment' },
  [PurchaseStep.paymentSuccess]: { zh: '支付成功', en: 'Payment success' },
};

/** What a daily usage figure is metered for: the two coding hosts and API Flex. Values ours. */
export const UsageSource = { aicoding: 'aicoding', aicoding0011: 'aicoding_0011', apiflex: 'apiflex' } as const;
export type UsageSource = (typeof UsageSource)[keyof typeof UsageSource];
export const usageSourceSchema = z.enum(UsageSource);

/** API Flex recharge-record type (002 §3). Values ours. */
export const ApiFlexRecordType = { recharge: 'recharge', withdrawal: 'withdrawal' } as const;
export type ApiFlexRecordType = (typeof ApiFlexRecordType)[keyof typeof ApiFlexRecordType];
export const apiFlexRecordTypeSchema = z.enum(ApiFlexRecordType);
export const API_FLEX_RECORD_TYPE_LABELS: Record<ApiFlexRecordType, Localized> = {
  [ApiFlexRecordType.recharge]: { zh: '充值', en: 'Recharge' },
  [ApiFlexRecordType.withdrawal]: { zh: '提现', en: 'Withdrawal' },
};

/**
 * AI service ids (002 §9): 1 to 46 and 99 (Other). Id 31 has no name in the seed (its text is
 * the placeholder "{host}"), so it is keyed and named by its id until the real name is known.
 */
export const AiServiceId = {
  chatgptPlus: 1,
  openai: 2,
  claude: 3,
  appStore: 4,
  googlePlay: 5,
  midjourney: 6,
  cursor: 7,
  poe: 8,
  perplexity: 9,
  amazon: 10,
  adobe: 11,
  x: 12,
  suno: 13,
  github: 14,
  patreon: 15,
  facebook: 16,
  openRouter: 17,
  webshare: 18,
  windsurf: 19,
  pixiv: 20,
  ultraMobile: 21,
  netflix: 22,
  spotify: 23,
  notion: 24,
  vercel: 25,
  microsoft: 26,
  grok: 27,
  anthropic: 28,
  starlink: 29,
  topstepTrader: 30,
  service31: 31,
  boltNew: 32,
  heyGen: 33,
  subscribeStar: 34,
  vastAi: 35,
  namecheap: 36,
  gamma: 37,
  xsolla: 38,
  elevenLabs: 39,
  cloudflare: 40,
  overleaf: 41,
  telegram: 42,
  gemini: 43,
  replicate: 44,
  manus: 45,
  tello: 46,
  other: 99,
} as const;
export type AiServiceId = (typeof AiServiceId)[keyof typeof AiServiceId];
export const aiServiceIdSchema = z.enum(AiServiceId);
/** The service's name as the seed writes it. */
export const AI_SERVICE_NAMES: Readonly<Record<AiServiceId, string>> = {
  [AiServiceId.chatgptPlus]: 'ChatGPT Plus',
  [AiServiceId.openai]: 'OpenAI',
  [AiServiceId.claude]: 'Claude',
  [AiServiceId.appStore]: 'App Store',
  [AiServiceId.googlePlay]: 'Google Play',
  [AiServiceId.midjourney]: 'Midjourney',
  [AiServiceId.cursor]: 'Cursor',
  [AiServiceId.poe]: 'Poe',
  [AiServiceId.perplexity]: 'Perplexity',
  [AiServiceId.amazon]: 'Amazon',
  [AiServiceId.adobe]: 'Adobe',
  [AiServiceId.x]: 'X',
  [AiServiceId.suno]: 'Suno',
  [AiServiceId.github]: 'GitHub',
  [AiServiceId.patreon]: 'Patreon',
  [AiServiceId.facebook]: 'Facebook',
  [AiServiceId.openRouter]: 'OpenRouter',
  [AiServiceId.webshare]: 'Webshare',
  [AiServiceId.windsurf]: 'Windsurf',
  [AiServiceId.pixiv]: 'Pixiv',
  [AiServiceId.ultraMobile]: 'Ultra Mobile',
  [AiServiceId.netflix]: 'Netflix',
  [AiServiceId.spotify]: 'Spotify',
  [AiServiceId.notion]: 'Notion',
  [AiServiceId.vercel]: 'Vercel',
  [AiServiceId.microsoft]: 'Microsoft',
  [AiServiceId.grok]: 'Grok',
  [AiServiceId.anthropic]: 'Anthropic',
  [AiServiceId.starlink]: 'Starlink',
  [AiServiceId.topstepTrader]: 'TopstepTrader',
  [AiServiceId.service31]: 'Service 31',
  [AiServiceId.boltNew]: 'Bolt.new',
  [AiServiceId.heyGen]: 'HeyGen',
  [AiServiceId.subscribeStar]: 'SubscribeStar',
  [AiServiceId.vastAi]: 'Vast.ai',
  [AiServiceId.namecheap]: 'Namecheap',
  [AiServiceId.gamma]: 'Gamma',
  [AiServiceId.xsolla]: 'Xsolla',
  [AiServiceId.elevenLabs]: 'ElevenLabs',
  [AiServiceId.cloudflare]: 'Cloudflare',
  [AiServiceId.overleaf]: 'Overleaf',
  [AiServiceId.telegram]: 'Telegram',
  [AiServiceId.gemini]: 'Gemini',
  [AiServiceId.replicate]: 'Replicate',
  [AiServiceId.manus]: 'Manus',
  [AiServiceId.tello]: 'Tello',
  [AiServiceId.other]: 'Other',
};
/** Brand names are the same in both languages; only "Other" and id 31 are translated. */
export const AI_SERVICE_LABELS: Readonly<Record<AiServiceId, Localized>> = Object.fromEntries(
  enumValues(AiServiceId).map((id): [AiServiceId, Localized] => {
    if (id === AiServiceId.other) return [id, { zh: '其他', en: 'Other' }];
    if (id === AiServiceId.service31) return [id, { zh: '服务 31', en: 'Service 31' }];
    return [id, same(AI_SERVICE_NAMES[id])];
  }),
) as Record<AiServiceId, Localized>;

// ---------------------------------------------------------------------------------------------
// Invitation and referral rewards (seed 002)
// ---------------------------------------------------------------------------------------------

/** Invitation types: 1 paid membership (also "invite member reward"), 2 Flex (also "Flex invite reward"). */
export const InvitationType = { paidMembership: 1, flex: 2 } as const;
export type InvitationType = (typeof InvitationType)[keyof typeof InvitationType];
export const invitationTypeSchema = z.enum(InvitationType);
export const INVITATION_TYPE_LABELS: Record<InvitationType, Localized> = {
  [InvitationType.paidMembership]: { zh: '付费会员邀请', en: 'Paid membership invites' },
  [InvitationType.flex]: { zh: 'Flex 邀请', en: 'Flex invites' },
};

/** Invite record reward status: 0 only registered, 1 pending payment, 2 paid. */
export const RewardStatus = { onlyRegistered: 0, pendingPayment: 1, paid: 2 } as const;
export type RewardStatus = (typeof RewardStatus)[keyof typeof RewardStatus];
export const rewardStatusSchema = z.enum(RewardStatus);
export const REWARD_STATUS_LABELS: Record<RewardStatus, Localized> = {
  [RewardStatus.onlyRegistered]: { zh: '仅注册', en: 'Only registered' },
  [RewardStatus.pendingPayment]: { zh: '待支付', en: 'Pending payment' },
  [RewardStatus.paid]: { zh: '已支付', en: 'Paid' },
};

/** Reward type of a user's programme: normal, second-level (1, 3, 4) or tiered (5, 6, 7). There is no 2. */
export const RewardType = {
  normal: 0,
  secondLevelBoth: 1,
  secondLevelCard: 3,
  secondLevelFreeUse: 4,
  tieredBoth: 5,
  tieredCard: 6,
  tieredFreeUse: 7,
} as const;
export type RewardType = (typeof RewardType)[keyof typeof RewardType];
export const rewardTypeSchema = z.enum(RewardType);
export const REWARD_TYPE_LABELS: Record<RewardType, Localized> = {
  [RewardType.normal]: { zh: '普通', en: 'Normal' },
  [RewardType.secondLevelBoth]: { zh: '二级（开卡和免费使用）', en: 'Second-level, both' },
  [RewardType.secondLevelCard]: { zh: '二级（开卡）', en: 'Second-level, card' },
  [RewardType.secondLevelFreeUse]: { zh: '二级（免费使用）', en: 'Second-level, free use' },
  [RewardType.tieredBoth]: { zh: '阶梯（开卡和免费使用）', en: 'Tiered, both' },
  [RewardType.tieredCard]: { zh: '阶梯（开卡）', en: 'Tiered, card' },
  [RewardType.tieredFreeUse]: { zh: '阶梯（免费使用）', en: 'Tiered, free use' },
};
export const SECOND_LEVEL_REWARD_TYPES: readonly RewardType[] = [
  RewardType.secondLevelBoth,
  RewardType.secondLevelCard,
  RewardType.secondLevelFreeUse,
];
export const TIERED_REWARD_TYPES: readonly RewardType[] = [
  RewardType.tieredBoth,
  RewardType.tieredCard,
  RewardType.tieredFreeUse,
];
export function isSecondLevelRewardType(type: RewardType): boolean {
  return SECOND_LEVEL_REWARD_TYPES.includes(type);
}
export function isTieredRewardType(type: RewardType): boolean {
  return TIERED_REWARD_TYPES.includes(type);
}

/** Reward level (`enableRewardLevel`): first = 1, second = 2. */
export const RewardLevel = { first: 1, second: 2 } as const;
export type RewardLevel = (typeof RewardLevel)[keyof typeof RewardLevel];
export const rewardLevelSchema = z.enum(RewardLevel);
export const REWARD_LEVEL_LABELS: Record<RewardLevel, Localized> = {
  [RewardLevel.first]: { zh: '一级', en: 'First level' },
  [RewardLevel.second]: { zh: '二级', en: 'Second level' },
};
