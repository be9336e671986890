// A local HTTP server that plays the card service's internal balance API (docs/payments.md "Balance
// payments", the contract the card service will implement): it stands for another of OUR services in
// payments' service tests, like testing/identity.ts. One balance per card (US cents); debits kept by
// their key `orderNo` (a balance order's orderNo, a recharge refund's refundNo: the first outcome,
// refusals included, is answered to every repeat; `keepAtLeast` must stay on the card), credits by
// refundNo (only money the debit keyed `orderNo` took goes back, never more).
// `down` closes every connection without an answer; `failWith` answers that HTTP status instead.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listenLocally } from './standIn.js';

export interface FakeCardAccount {
  userId: string;
  /** US cents. */
  balance: number;
  frozen: boolean;
}

export interface FakeDebit {
  userId: string;
  cardId: string;
  amount: number;
  status: 'debited' | 'insufficient' | 'noCard' | 'frozen';
  balance?: number;
  /** Default balancePay. */
  reason?: 'balancePay' | 'rechargeRefund';
  keepAtLeast?: number;
}

export interface FakeCard {
  url: string;
  token: string;
  cards: Map<string, FakeCardAccount>;
  /** By the debit's key (orderNo: a balance order's orderNo, a recharge refund's refundNo): what the first debit answered. */
  debits: Map<string, FakeDebit>;
  /** By refundNo. */
  credits: Map<string, { orderNo: string; cardId: string; amount: number }>;
  /** Every call: method, path, whether the token was right, and the JSON body. */
  calls: { method: string; path: string; tokenOk: boolean; body: any }[];
  down: boolean;
  /** Milliseconds every call waits before it is answered (lets concurrent calls overlap). */
  delayMs: number;
  /** An HTTP status answered to every call (e.g. 500) instead of the contract. */
  failWith: number | null;
  /** Opens a card of the user with a balance. */
  open(cardId: string, userId: string, balance: number, frozen?: boolean): void;
  /** How many debits of the key (orderNo, or a recharge refund's refundNo) actually moved money (0 or 1). */
  debitsTaken(orderNo: string): number;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const isCents = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isCentsOrZero = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const REASONS = ['balancePay', 'rechargeRefund'];
const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

export async function startFakeCard(token: string): Promise<FakeCard> {
  const fake = { token, cards: new Map(), debits: new Map(), credits: new Map(), calls: [], down: false, delayMs: 0, failWith: null } as unknown as FakeCard;
  fake.open = (cardId, userId, balance, frozen = false) => void fake.cards.set(cardId, { userId, balance, frozen });
  fake.debitsTaken = (orderNo) => (fake.debits.get(orderNo)?.status === 'debited' ? 1 : 0);

  // Every branch below runs without an await between its check and its write: one request at a time.
  const debit = (body: any) => {
    const { userId, cardId, orderNo, amount } = body ?? {};
    const reason = body?.reason ?? 'balancePay';
    const keepAtLeast = body?.keepAtLeast ?? 0;
    if (!isId(userId) || !isId(cardId) || !isId(orderNo) || !isCents(amount) || !isCentsOrZero(keepAtLeast) || !REASONS.includes(reason)) return { code: 400, data: null };
    const known = fake.debits.get(orderNo);
    if (known) {
      const same =
        known.userId === userId && known.cardId === cardId && known.amount === amount && (known.keepAtLeast ?? 0) === keepAtLeast && (known.reason ?? 'balancePay') === reason;
      if (!same) return { code: 409, data: null };
      return { code: 200, data: { status: known.status, ...(known.balance === undefined ? {} : { balance: known.balance }) } };
    }
    const card = fake.cards.get(cardId);
    const base = { userId, cardId, amount, ...(reason === 'balancePay' ? {} : { reason }), ...(keepAtLeast ? { keepAtLeast } : {}) };
    let record: FakeDebit;
    if (!card || card.userId !== userId) record = { ...base, status: 'noCard' };
    else if (card.frozen) record = { ...base, status: 'frozen', balance: card.balance };
    else if (card.balance - amount < keepAtLeast) record = { ...base, status: 'insufficient', balance: card.balance };
    else {
      card.balance -= amount;
      record = { ...base, status: 'debited', balance: card.balance };
    }
    fake.debits.set(orderNo, record);
    return { code: 200, data: { status: record.status, balance: record.balance } };
  };

  const credit = (body: any) => {
    const { userId, cardId, orderNo, refundNo, amount } = body ?? {};
    if (!isId(userId) || !isId(cardId) || !isId(orderNo) || !isId(refundNo) || !isCents(amount)) return { code: 400, data: null };
    const known = fake.credits.get(refundNo);
    if (known) return known.orderNo === orderNo && known.amount === amount ? { code: 200, data: { status: 'credited' } } : { code: 409, data: null };
    const taken = fake.debits.get(orderNo);
    const creditedBefore = [...fake.credits.values()].filter((entry) => entry.orderNo === orderNo).reduce((sum, entry) => sum + entry.amount, 0);
    // Only money the card debited under the key goes back, to the card it came from, never more.
    if (taken?.status !== 'debited' || taken.cardId !== cardId || taken.userId !== userId || creditedBefore + amount > taken.amount) return { code: 409, data: null };
    fake.cards.get(cardId)!.balance += amount;
    fake.credits.set(refundNo, { orderNo, cardId, amount });
    return { code: 200, data: { status: 'credited' } };
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (fake.down) {
        request.socket.destroy();
        return;
      }
      const raw = await readBody(request);
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const tokenOk = request.headers['x-internal-token'] === fake.token;
      fake.calls.push({ method: request.method ?? '', path, tokenOk, body: raw ? JSON.parse(raw) : undefined });
      if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      const send = (code: number, data: unknown, status = code === 200 ? 200 : code) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code, msg: code === 200 ? 'success' : 'refused', data }));
      };
      if (fake.failWith !== null) return send(fake.failWith, null);
      if (!tokenOk) return send(403, null);
      const body = raw ? JSON.parse(raw) : undefined;
      const status = /^\/internal\/balance\/debits\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && status) {
        return send(200, { status: fake.debits.get(decodeURIComponent(status[1]!))?.status === 'debited' ? 'debited' : 'none' });
      }
      if (request.method === 'POST' && path === '/internal/balance/debits') {
        const answer = debit(body);
        return send(answer.code, answer.data);
      }
      if (request.method === 'POST' && path === '/internal/balance/credits') {
        const answer = credit(body);
        return send(answer.code, answer.data);
      }
      return send(404, null);
    })();
  });
  const listening = await listenLocally(server);
  fake.url = listening.url;
  fake.close = listening.close;
  return fake;
}
