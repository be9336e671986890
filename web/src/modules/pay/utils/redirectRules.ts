// How /pay-result leaves for the payment app (seed 001 §4 item 6, 002 §4 "Redirect rules").
import { OrderType, PayChannel, TransactionType } from './payConstants';
import { extractScriptRedirect, hasForm, isHttpUrl, isNavigableUrl, withRedirectUrl } from './payContent';

export type RedirectAction =
  | { kind: 'navigate'; url: string }
  | { kind: 'replace'; url: string }
  | { kind: 'submitForm'; html: string }
  | { kind: 'none' };

export interface RedirectInput {
  channelType: number;
  transactionType: number;
  orderType: number;
  payUrl?: string;
  payHtml?: string;
  /** Where the provider sends the payer back (`/pay-result?orderNo=…&redirect=1`). */
  returnUrl: string;
}

const NEW_PAY_CHANNELS: readonly number[] = [PayChannel.newPay, PayChannel.newAllPayUnion];

export function redirectAction(input: RedirectInput): RedirectAction {
  const url = input.payUrl?.trim() || undefined;
  const form = hasForm(input.payHtml) ? input.payHtml! : undefined;
  const navigate = (target: string): RedirectAction => ({ kind: 'navigate', url: target });
  const submit = (html: string): RedirectAction => ({ kind: 'submitForm', html });

  // Channel 2 with an open-account order: the form in the returned HTML, or the URL its script goes to.
  if (input.channelType === PayChannel.cardPaymentProvider && input.orderType === OrderType.openAccount) {
    if (form) return submit(form);
    const scripted = extractScriptRedirect(input.payHtml);
    if (scripted) return navigate(scripted);
    return isHttpUrl(url) ? navigate(url) : { kind: 'none' };
  }
  // UnionPay: navigate directly. New pay and new all-pay: the URL or the form.
  if (input.transactionType === TransactionType.union || NEW_PAY_CHANNELS.includes(input.channelType)) {
    if (isNavigableUrl(url)) return navigate(url);
    return form ? submit(form) : { kind: 'none' };
  }
  // WeChat: replace the location with the pay URL plus redirect_url.
  if (input.transactionType === TransactionType.wechat && isHttpUrl(url)) {
    return { kind: 'replace', url: withRedirectUrl(url, input.returnUrl) };
  }
  // Otherwise: navigate when the URL is http(s), else submit the embedded form.
  if (isHttpUrl(url)) return navigate(url);
  if (form) return submit(form);
  return { kind: 'none' };
}
