// Shapes of the pay calls (docs/payments.md, services/payments/src/domain/channels.ts) and of the flow.

/** One offer of `GET /v1/pay/channelList` (ChannelOffer), plus the seed's optional channel fields. */
export interface ChannelOffer {
  channelType: number;
  transactionType: number;
  pageType?: number;
  isDefault?: boolean;
  /** Seed §3 "Pay channel": tradeFrom, name, img, disabled (not sent by our service today). */
  tradeFrom?: string;
  name?: string;
  img?: string;
  disabled?: boolean;
}

/** The order view of `POST /v1/pay/payOrder`. */
export interface PayOrderView {
  orderNo: string;
  orderType: number;
  businessRef?: string;
  amount?: number;
  currency?: number;
  usdAmount?: number;
  payAmount?: number;
  payCurrency?: number;
  channelType?: number;
  transactionType?: number;
  payStatus: number;
  orderStatus?: string;
  expireAt?: string;
}

export interface PayOrderBody {
  orderType: number;
  businessRef: string;
  /** US cents. */
  amount: number;
  currency: number;
  channelType: number;
  transactionType: number;
  requestKey: string;
  payPageType?: number;
}

/** `POST /v1/pay/payUrl`: payUrl (QR text on desktop, H5 link on mobile) or payHtml (a form). */
export interface PayLink {
  orderNo: string;
  payUrl?: string;
  payHtml?: string;
  /** Seconds left. */
  timeExpireTime: number;
  channelType?: number;
  transactionType?: number;
}

export interface TradeStatusAnswer {
  orderNo?: string;
  payStatus: number;
  orderStatus?: string;
}

export interface TransactionStatusAnswer {
  orderNo?: string;
  transactionStatus: number;
}

/** `POST /v1/pay/notice`: the order summary of the pay-notice page. */
export interface PayNoticeAnswer {
  orderNo: string;
  orderType: number;
  usdAmount?: number;
  payAmount?: number;
  payCurrency?: number;
  channelType?: number;
  transactionType?: number;
  payStatus: number;
  orderStatus?: string;
  timeExpireTime?: number;
  identityHold?: boolean;
}

export interface RechargeFeeAnswer {
  cardId?: string;
  channelType?: number;
  /** Percent, e.g. 2 for 2 %. */
  rechargeFee: number;
  /** US cents. */
  fixedFee?: number;
  fee?: number;
  credited?: number;
  total?: number;
}

export interface ExchangeRateAnswer {
  /** CNY per USD, e.g. "7.2". */
  rate: string;
  usdToCnyPerDollar?: string;
}

/** `GET /v1/pay/identityStatus`; status (001 §3): 0 processing, 1 success, 2 failure. */
export interface IdentityStatusAnswer {
  certifyId?: string | null;
  status: number;
  verified?: boolean;
}

/** What a page asks `startPayment` for. */
export interface StartPaymentInput {
  orderType: number;
  businessRef: string;
  /** US cents. */
  amount: number;
  /** Where re-pay and "go back" lead; default "/". */
  redirectUrl?: string;
  /** Offers the page already fetched (skips a second channel list call). */
  offers?: ChannelOffer[];
}
