// The query of /pay-confirm: ?orderType=&businessRef=&amount= (US cents).
import { OrderType } from './payConstants';
import { parseCents } from './payMoney';

export interface PayConfirmParams {
  orderType: number;
  businessRef: string;
  amount: number;
}

const ORDER_TYPES: readonly number[] = Object.values(OrderType);

/** null when a parameter is missing or invalid ("invalid parameter ... falls back to ... home"). */
export function parsePayConfirmQuery(search: string): PayConfirmParams | null {
  const params = new URLSearchParams(search);
  const rawType = params.get('orderType');
  const orderType = rawType !== null && /^\d{1,2}$/.test(rawType) ? Number(rawType) : NaN;
  const businessRef = params.get('businessRef')?.trim() ?? '';
  const amount = parseCents(params.get('amount'));
  if (!ORDER_TYPES.includes(orderType) || !businessRef || businessRef.length > 64 || amount === undefined) return null;
  return { orderType, businessRef, amount };
}
