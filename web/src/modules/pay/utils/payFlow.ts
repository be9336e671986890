// The payment flow behind startPayment (seed 001 §4 items 7 and 9, 002 §4 "Payment"): channels,
// the chooser when more than one fits, the order, then the QR modal on desktop or the stored order
// and /pay-result on mobile. Order creation errors: 2112 → face verification, 1001 → same package.
// Everything outside is injected, so the rules are tested without a browser.
import { isRequestError } from '../../request/utils/requestError';
import { shouldShowChooser, usableOffers } from './channels';
import { Currency, PayErrorCode, PayPageType } from './payConstants';
import { buildStoredPayOrder, faceVerifyReturnUrl, payResultPath, type StoredPayOrder } from './payOrder';
import type { ChannelOffer, PayOrderBody, PayOrderView, StartPaymentInput } from './payTypes';

/** What the desktop payment modal works with. */
export interface PaymentSession {
  order: StoredPayOrder;
  offer: ChannelOffer;
  /** The usable offers (the "cannot pay" fallback takes the next one). */
  offers: ChannelOffer[];
  /** What the order is for; absent when the order was resumed without it (no re-apply then). */
  input?: StartPaymentInput;
  payAmount?: number;
  payCurrency?: number;
}

export type PaymentModalResult = 'success' | 'failed' | 'cancelled';
export type PaymentOutcome = PaymentModalResult | 'redirected' | 'faceVerify' | 'noChannel' | 'error';

export type PayFlowNotice = { kind: 'noChannel' } | { kind: 'flexHeld' } | { kind: 'server'; msg: string };

export interface PayFlowDeps {
  isMobile(): boolean;
  isLoggedIn(): boolean;
  now(): number;
  newRequestKey(): string;
  origin: string;
  api: {
    channelList(type: number, orderAmount: number): Promise<ChannelOffer[]>;
    payOrder(body: PayOrderBody): Promise<PayOrderView>;
    identityVerify(returnUrl: string): Promise<{ verifyUrl: string }>;
  };
  /** Opens the chooser; null when the payer closed it. */
  chooseChannel(offers: ChannelOffer[]): Promise<ChannelOffer | null>;
  /** Opens the desktop payment modal; settles when it closes. */
  openPayment(session: PaymentSession): Promise<PaymentModalResult>;
  savePayOrder(order: StoredPayOrder): void;
  /** In-app navigation. */
  navigate(path: string): void;
  /** Leaves the site (face verification page). */
  leave(url: string): void;
  notify(notice: PayFlowNotice): void;
}

export function orderBody(input: StartPaymentInput, offer: ChannelOffer, mobile: boolean, requestKey: string): PayOrderBody {
  return {
    orderType: input.orderType,
    businessRef: input.businessRef,
    amount: input.amount,
    currency: Currency.USD,
    channelType: offer.channelType,
    transactionType: offer.transactionType,
    requestKey,
    payPageType: mobile ? PayPageType.h5 : PayPageType.qrCode,
  };
}

export type CreateOrderResult =
  | { kind: 'created'; order: PayOrderView; stored: StoredPayOrder }
  | { kind: 'faceVerify' }
  | { kind: 'error' };

/**
 * Creates an order (a new requestKey each time: "Reapply creates a new order"). On 2112 the order is
 * kept locally and the payer goes to face verification, returning to /pay-face-verify-result.
 */
export async function createOrder(deps: PayFlowDeps, input: StartPaymentInput, offer: ChannelOffer): Promise<CreateOrderResult> {
  const mobile = deps.isMobile();
  const request = { redirectUrl: input.redirectUrl, businessRef: input.businessRef, amount: input.amount };
  try {
    const order = await deps.api.payOrder(orderBody(input, offer, mobile, deps.newRequestKey()));
    return { kind: 'created', order, stored: buildStoredPayOrder({ order, offer, request, isAuth: deps.isLoggedIn(), now: deps.now() }) };
  } catch (error) {
    if (!isRequestError(error) || error.isCancelled) return { kind: 'error' };
    if (error.code === PayErrorCode.faceIdentityRequired) {
      const orderNo = (error.data as { orderNo?: unknown } | undefined)?.orderNo;
      if (typeof orderNo !== 'string' || !orderNo) {
        deps.notify({ kind: 'server', msg: error.msg });
        return { kind: 'error' };
      }
      const order = { orderNo, orderType: input.orderType, payStatus: 0 };
      deps.savePayOrder(buildStoredPayOrder({ order, offer, request, isAuth: deps.isLoggedIn(), now: deps.now() }));
      try {
        const { verifyUrl } = await deps.api.identityVerify(faceVerifyReturnUrl(deps.origin, orderNo));
        deps.leave(verifyUrl);
        return { kind: 'faceVerify' };
      } catch {
        return { kind: 'error' }; // the request layer showed the message
      }
    }
    if (error.code === PayErrorCode.flexPackageHeld) deps.notify({ kind: 'flexHeld' });
    else if (error.kind === 'business' || error.kind === 'network' || error.kind === 'timeout') deps.notify({ kind: 'server', msg: error.msg });
    return { kind: 'error' };
  }
}

/** Continues with a created (or resumed) order: the QR modal on desktop, /pay-result on mobile. */
export async function continueWithOrder(deps: PayFlowDeps, session: PaymentSession): Promise<PaymentOutcome> {
  if (deps.isMobile()) {
    deps.savePayOrder(session.order);
    deps.navigate(payResultPath(session.order));
    return 'redirected';
  }
  return deps.openPayment(session);
}

export async function runPayment(deps: PayFlowDeps, input: StartPaymentInput): Promise<PaymentOutcome> {
  let offers: ChannelOffer[];
  try {
    offers = usableOffers(input.offers ?? (await deps.api.channelList(input.orderType, input.amount)));
  } catch {
    return 'error'; // toasted by the request layer
  }
  if (offers.length === 0) {
    deps.notify({ kind: 'noChannel' });
    return 'noChannel';
  }
  const offer = shouldShowChooser(offers) ? await deps.chooseChannel(offers) : offers[0];
  if (!offer) return 'cancelled';
  const created = await createOrder(deps, input, offer);
  if (created.kind !== 'created') return created.kind;
  return continueWithOrder(deps, {
    order: created.stored,
    offer,
    offers,
    input,
    payAmount: created.order.payAmount,
    payCurrency: created.order.payCurrency,
  });
}
