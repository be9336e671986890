// The card service's internal balance API as payments sees it (docs/payments.md "Balance payments",
// the contract the card service implements): debit a card for a balance order or for the refund of a
// recharge (the money the recharge put on the card comes off it before it goes back to the payer),
// ask whether an order was debited, credit money back. The card service owns balances and their
// ledger; payments keeps no balance. Every call is idempotent at the card (a debit by its key, sent
// as `orderNo`: a balance order's orderNo, a recharge refund's refundNo; credits by refundNo), so a
// call whose answer was lost is simply asked again. No answer we can trust (unreachable, slow, 5xx, a refusal of the call
// itself, an unreadable answer) is a CardServiceError, never a guess.
import { z } from 'zod';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** The card's word on a debit: taken, or refused for good (the first answer for an orderNo is final). */
export type DebitStatus = 'debited' | 'insufficient' | 'noCard' | 'frozen';

/**
 * Why money comes off the card: `balancePay` pays a balance order, `rechargeRefund` takes a
 * recharge back off the card before the payer is refunded.
 */
export type DebitReason = 'balancePay' | 'rechargeRefund';

export interface DebitInput {
  userId: string;
  cardId: string;
  /** The debit's key: the balance order's orderNo (`balancePay`) or the refund's refundNo (`rechargeRefund`). */
  orderNo: string;
  /** US cents. */
  amount: number;
  /** Default `balancePay`. */
  reason?: DebitReason;
  /** US cents that must stay on the card: `insufficient` when balance − amount < keepAtLeast (default 0). */
  keepAtLeast?: number;
}

export interface DebitAnswer {
  status: DebitStatus;
  /** The card's balance after the debit (or at the refusal), US cents, when the card tells it. */
  balance?: number;
}

export interface CreditInput {
  userId: string;
  cardId: string;
  /**
   * The key of the debit the money goes back for: the balance order (a refund of a balance
   * payment), or the recharge refund's refundNo (its refund to the payer failed).
   */
  orderNo: string;
  /** The credit's key. */
  refundNo: string;
  /** US cents. */
  amount: number;
}

export interface CardLedger {
  /** Idempotent by its key (`orderNo`): a repeat answers the first outcome and never debits twice. */
  debit(input: DebitInput): Promise<DebitAnswer>;
  /** Whether the card debited for the order (`none`: never, or refused). */
  debitStatus(orderNo: string): Promise<'debited' | 'none'>;
  /** Idempotent by refundNo: a repeat answers `credited` and never credits twice. */
  credit(input: CreditInput): Promise<{ status: 'credited' }>;
}

/** unreachable / timeout / serverError (5xx): try again later; refused / badAnswer: our call or their answer is wrong. */
export type CardErrorReason = 'unreachable' | 'timeout' | 'serverError' | 'refused' | 'badAnswer';

export class CardServiceError extends Error {
  override readonly name = 'CardServiceError';
  constructor(
    readonly reason: CardErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`card service: ${reason}: ${message}`, options);
  }
}

const envelopeSchema = z.object({ code: z.number(), msg: z.string().optional(), data: z.unknown() });
const debitSchema = z.object({
  status: z.enum(['debited', 'insufficient', 'noCard', 'frozen']),
  balance: z.number().int().optional(),
});
const debitStatusSchema = z.object({ status: z.enum(['debited', 'none']) });
const creditSchema = z.object({ status: z.literal('credited') });

export interface HttpCardLedgerOptions {
  /** CARD_URL. */
  url: string;
  /** INTERNAL_TOKEN. */
  token: string;
  timeoutMs: number;
  fetch?: typeof globalThis.fetch;
}

export class HttpCardLedger implements CardLedger {
  constructor(private readonly options: HttpCardLedgerOptions) {}

  private async call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const url = `${this.options.url.replace(/\/$/, '')}${path}`;
    const fetch = this.options.fetch ?? globalThis.fetch;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: {
          [INTERNAL_TOKEN_HEADER]: this.options.token,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new CardServiceError(timedOut ? 'timeout' : 'unreachable', `${method} ${path} failed`, { cause: error });
    }
    if (response.status >= 500) throw new CardServiceError('serverError', `${method} ${path} answered ${response.status}`);
    let envelope: z.infer<typeof envelopeSchema>;
    try {
      envelope = envelopeSchema.parse(JSON.parse(text));
    } catch (error) {
      throw new CardServiceError('badAnswer', `${method} ${path} answered ${response.status} without an envelope`, { cause: error });
    }
    // 403 (our internal token refused), 400 (our input), 409 (another body under the same key).
    if (envelope.code !== 200) throw new CardServiceError('refused', `${method} ${path} answered code ${envelope.code}: ${envelope.msg ?? ''}`);
    const parsed = schema.safeParse(envelope.data);
    if (!parsed.success) throw new CardServiceError('badAnswer', `unexpected answer of ${method} ${path}`, { cause: parsed.error });
    return parsed.data;
  }

  async debit(input: DebitInput): Promise<DebitAnswer> {
    const body = { ...input, reason: input.reason ?? 'balancePay', keepAtLeast: input.keepAtLeast ?? 0 };
    const answer = await this.call('POST', '/internal/balance/debits', debitSchema, body);
    return answer.balance === undefined ? { status: answer.status } : { status: answer.status, balance: answer.balance };
  }

  async debitStatus(orderNo: string): Promise<'debited' | 'none'> {
    return (await this.call('GET', `/internal/balance/debits/${encodeURIComponent(orderNo)}`, debitStatusSchema)).status;
  }

  async credit(input: CreditInput): Promise<{ status: 'credited' }> {
    return this.call('POST', '/internal/balance/credits', creditSchema, input);
  }
}
