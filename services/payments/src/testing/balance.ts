// Test helpers for balance payments (channel 5): a payer with a payment password at identity and a
// card with a balance at the card stand-in (testing/card.ts), and the balancePay call.
import { call, newUser, type Harness } from './harness.js';

export const PAY_PASSWORD = '246810';

export interface BalancePayer {
  userId: string;
  token: string;
  cardId: string;
}

/** A user with the payment password set and an open card holding `balance` US cents. */
export async function balancePayer(h: Harness, balance = 10_000, options: { frozen?: boolean } = {}): Promise<BalancePayer> {
  const user = await newUser(h);
  h.identity.set(user.userId, { payPassword: PAY_PASSWORD });
  const cardId = `card-${user.userId}`;
  h.card.open(cardId, user.userId, balance, options.frozen ?? false);
  return { ...user, cardId };
}

let keys = 0;
/** A balancePay body: an SMS purchase of $15.00 from the payer's card, a fresh request key. */
export function balanceBody(payer: BalancePayer, extra: Record<string, unknown> = {}): Record<string, unknown> {
  keys += 1;
  return { orderType: 4, businessRef: `sms-${keys}`, amount: 1_500, requestKey: `bk-${keys}-${Date.now()}`, cardId: payer.cardId, password: PAY_PASSWORD, ...extra };
}

export function balancePay(h: Harness, token: string, body: unknown, language: 'zh' | 'en' = 'en') {
  return call(h, { url: '/v1/pay/balancePay', token, body, headers: { language } });
}

/** The card stand-in's calls for an order (debits and debit-status questions). */
export function cardCallsFor(h: Harness, orderNo: string) {
  return h.card.calls.filter((entry) => entry.body?.orderNo === orderNo || entry.path.endsWith(`/debits/${orderNo}`));
}
