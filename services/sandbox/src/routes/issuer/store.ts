// The issuers' cards and USD reserves in Redis (the client carries the `sandbox:` prefix), kept a
// year: cards outlive the 24 h of payment trades. Every change is a compare-and-set over the card's
// JSON and, when money moves between card and reserve, the reserve with it in the same script, so
// concurrent top-ups, withdrawals, spending and the test API can neither lose nor invent a cent.
import type { IssuerPlatform } from '@aipay/pay-protocols';
import type { Redis } from '@aipay/kit';
import { BINS, billingAddress, cardNumber, cvv, expiry } from './cards.js';
import { newCardId, newTransactionId, type CardStatus, type Holder, type IssuerCard, type IssuerTransaction } from './model.js';
import { simulate, type SimulateInput, type SimulateOutcome } from './spending.js';

export const ISSUER_TTL_SECONDS = 365 * 24 * 3600;

const cardKey = (platform: IssuerPlatform, cardId: string) => `issuer:${platform}:card:${cardId}`;
const issueKey = (platform: IssuerPlatform, requestId: string) => `issuer:${platform}:issue:${requestId}`;
const reserveKey = (platform: IssuerPlatform) => `issuer:${platform}:reserve`;
const listKey = (platform: IssuerPlatform) => `issuer:${platform}:cards`;

// Sets every KEYS[i] to ARGV[n+i] when each still holds ARGV[i] ('' standing for no value).
const CAS_MANY = `
local n = #KEYS
for i = 1, n do
  if (redis.call('GET', KEYS[i]) or '') ~= ARGV[i] then return 0 end
end
for i = 1, n do
  redis.call('SET', KEYS[i], ARGV[n + i], 'EX', ARGV[2 * n + 1])
end
return 1`;

interface Swap {
  key: string;
  expected: string;
  next: string;
}

export interface IssueInput {
  requestId: string;
  holder: Holder;
  validityYears: number;
  /** Loaded onto the card at once (US cents), drawn from the reserve with the fee. */
  initialAmount: number;
  label?: string;
}

export type IssueOutcome =
  | { ok: true; card: IssuerCard; repeated: boolean }
  | { ok: false; reason: 'reserveDepleted'; available: number; needed: number };

export type MoveRefusal = 'notFound' | 'cancelled' | 'insufficientBalance' | 'reserveDepleted' | 'requestIdReused';
export type MoveOutcome =
  | { ok: true; card: IssuerCard; transaction: IssuerTransaction; repeated: boolean }
  | { ok: false; reason: MoveRefusal; card?: IssuerCard };

export type StatusAction = 'freeze' | 'unfreeze' | 'cancel';
export type StatusOutcome = { ok: true; card: IssuerCard; released: number } | { ok: false; reason: 'notFound' | 'cancelled' };

type Change<R> = (card: IssuerCard, reserve: number) => { next: IssuerCard | null; reserve?: number; result: R };

export interface IssuerStoreOptions {
  reserveCents: number;
  cardFeeCents: number;
  crossBorderFeeBps: number;
}

export class IssuerStore {
  constructor(
    private readonly redis: Redis,
    private readonly options: IssuerStoreOptions,
  ) {}

  private async swap(swaps: Swap[]): Promise<boolean> {
    const args = [...swaps.map((s) => s.key), ...swaps.map((s) => s.expected), ...swaps.map((s) => s.next), String(ISSUER_TTL_SECONDS)];
    return (await this.redis.eval(CAS_MANY, swaps.length, ...args)) === 1;
  }

  private readReserve = (raw: string) => (raw === '' ? this.options.reserveCents : Number(raw));

  /** The USD reserve in cents (PAY_ISSUER_RESERVE_CENTS until something moves or the test API sets it). */
  async reserve(platform: IssuerPlatform): Promise<number> {
    return this.readReserve((await this.redis.get(reserveKey(platform))) ?? '');
  }

  async setReserve(platform: IssuerPlatform, cents: number): Promise<void> {
    await this.redis.set(reserveKey(platform), String(cents), 'EX', ISSUER_TTL_SECONDS);
  }

  async get(platform: IssuerPlatform, cardId: string): Promise<IssuerCard | null> {
    const raw = await this.redis.get(cardKey(platform, cardId));
    return raw ? (JSON.parse(raw) as IssuerCard) : null;
  }

  /** The latest cards, newest first. */
  async list(platform: IssuerPlatform, limit = 50): Promise<IssuerCard[]> {
    const ids = await this.redis.zrevrange(listKey(platform), 0, limit - 1);
    const cards = await Promise.all(ids.map((id) => this.get(platform, id)));
    return cards.filter((card): card is IssuerCard => card !== null);
  }

  /**
   * One card per request id: a repeat answers the card already issued. Issuing draws the fee and
   * the initial amount from the reserve, and is refused while the reserve cannot cover them.
   */
  async issue(platform: IssuerPlatform, input: IssueInput): Promise<IssueOutcome> {
    const pointer = issueKey(platform, input.requestId);
    for (;;) {
      const existingId = await this.redis.get(pointer);
      if (existingId) {
        const existing = await this.get(platform, existingId);
        if (existing) return { ok: true, card: existing, repeated: true };
      }
      const reserveRaw = (await this.redis.get(reserveKey(platform))) ?? '';
      const available = this.readReserve(reserveRaw);
      const needed = this.options.cardFeeCents + input.initialAmount;
      if (available <= 0 || available < needed) return { ok: false, reason: 'reserveDepleted', available, needed };
      const now = new Date().toISOString();
      const cardId = newCardId(platform);
      const card: IssuerCard = {
        cardId,
        platform,
        requestId: input.requestId,
        brand: BINS[platform].brand,
        number: cardNumber(platform),
        expiry: expiry(input.validityYears),
        cvv: cvv(),
        validityYears: input.validityYears,
        holder: input.holder,
        billingAddress: billingAddress(cardId),
        status: 'active',
        balance: input.initialAmount,
        currency: 'USD',
        issueFee: this.options.cardFeeCents,
        ...(input.label ? { label: input.label } : {}),
        createdAt: now,
        updatedAt: now,
        transactions: input.initialAmount > 0 ? [{ transactionId: newTransactionId(platform), type: 'topUp', status: 'succeeded', amount: input.initialAmount, balanceAfter: input.initialAmount, requestId: input.requestId, createdAt: now }] : [],
      };
      const swapped = await this.swap([
        { key: pointer, expected: existingId ?? '', next: cardId },
        { key: reserveKey(platform), expected: reserveRaw, next: String(available - needed) },
        { key: cardKey(platform, cardId), expected: '', next: JSON.stringify(card) },
      ]);
      if (!swapped) continue;
      await this.redis.multi().zadd(listKey(platform), Date.now(), cardId).expire(listKey(platform), ISSUER_TTL_SECONDS).exec();
      return { ok: true, card, repeated: false };
    }
  }

  /** Applies `change` to the card (and the reserve, when it returns one) atomically; null: no card. */
  async change<R>(platform: IssuerPlatform, cardId: string, change: Change<R>): Promise<R | null> {
    for (;;) {
      const [raw, reserveRaw = ''] = await Promise.all([this.redis.get(cardKey(platform, cardId)), this.redis.get(reserveKey(platform)).then((v) => v ?? '')]);
      if (!raw) return null;
      const { next, reserve, result } = change(JSON.parse(raw) as IssuerCard, this.readReserve(reserveRaw));
      if (!next) return result;
      const swaps: Swap[] = [{ key: cardKey(platform, cardId), expected: raw, next: JSON.stringify(next) }];
      if (reserve !== undefined) swaps.push({ key: reserveKey(platform), expected: reserveRaw, next: String(reserve) });
      if (await this.swap(swaps)) return result;
    }
  }

  /**
   * A top-up (reserve → card) or a withdrawal (card → reserve), once per request id: a repeat
   * answers the first outcome; the same id with another kind or amount is refused.
   */
  async move(platform: IssuerPlatform, cardId: string, type: 'topUp' | 'withdraw', requestId: string, amount: number): Promise<MoveOutcome> {
    const outcome = await this.change<MoveOutcome>(platform, cardId, (card, reserve) => {
      const previous = card.transactions.find((t) => t.requestId === requestId && (t.type === 'topUp' || t.type === 'withdraw'));
      if (previous) {
        const same = previous.type === type && previous.amount === amount;
        return { next: null, result: same ? { ok: true, card, transaction: previous, repeated: true } : { ok: false, reason: 'requestIdReused', card } };
      }
      if (card.status === 'cancelled') return { next: null, result: { ok: false, reason: 'cancelled', card } };
      if (type === 'topUp' && reserve < amount) return { next: null, result: { ok: false, reason: 'reserveDepleted', card } };
      if (type === 'withdraw' && amount > card.balance) return { next: null, result: { ok: false, reason: 'insufficientBalance', card } };
      const balance = type === 'topUp' ? card.balance + amount : card.balance - amount;
      const now = new Date().toISOString();
      const transaction: IssuerTransaction = { transactionId: newTransactionId(platform), type, status: 'succeeded', amount, balanceAfter: balance, requestId, createdAt: now };
      const next = { ...card, balance, updatedAt: now, transactions: [...card.transactions, transaction] };
      return { next, reserve: type === 'topUp' ? reserve - amount : reserve + amount, result: { ok: true, card: next, transaction, repeated: false } };
    });
    return outcome ?? { ok: false, reason: 'notFound' };
  }

  /**
   * Freeze and unfreeze are idempotent; a cancelled card stays cancelled. Cancelling returns what
   * is left on the card to the reserve, recorded as a withdrawal under the cancel's request id.
   */
  async setStatus(platform: IssuerPlatform, cardId: string, action: StatusAction, requestId?: string): Promise<StatusOutcome> {
    const outcome = await this.change<StatusOutcome>(platform, cardId, (card, reserve) => {
      if (card.status === 'cancelled') return { next: null, result: action === 'cancel' ? { ok: true, card, released: 0 } : { ok: false, reason: 'cancelled' } };
      const target: CardStatus = action === 'freeze' ? 'frozen' : action === 'unfreeze' ? 'active' : 'cancelled';
      if (card.status === target) return { next: null, result: { ok: true, card, released: 0 } };
      const now = new Date().toISOString();
      const released = target === 'cancelled' ? card.balance : 0;
      const transactions = [...card.transactions];
      if (released > 0) {
        transactions.push({ transactionId: newTransactionId(platform), type: 'withdraw', status: 'succeeded', amount: released, balanceAfter: 0, requestId: requestId ?? `cancel:${cardId}`, createdAt: now });
      }
      const next: IssuerCard = { ...card, status: target, balance: card.balance - released, updatedAt: now, transactions };
      return { next, ...(released > 0 ? { reserve: reserve + released } : {}), result: { ok: true, card: next, released } };
    });
    return outcome ?? { ok: false, reason: 'notFound' };
  }

  /** Merchant spending (spending.ts), applied atomically; null when the card is unknown. */
  simulate(platform: IssuerPlatform, cardId: string, input: SimulateInput): Promise<SimulateOutcome | null> {
    const env = { feeBps: this.options.crossBorderFeeBps, now: Date.now(), newTransactionId: () => newTransactionId(platform) };
    return this.change<SimulateOutcome>(platform, cardId, (card) => {
      const outcome = simulate(card, input, env);
      return { next: outcome.ok ? outcome.next : null, result: outcome };
    });
  }
}
