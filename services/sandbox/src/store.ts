// The sandbox's state in Redis (the client carries the `sandbox:` prefix): the dev inbox and the
// KYC sessions, each kept 24 h so a restart keeps them.
import { randomBytes } from 'node:crypto';
import type { Redis } from '@aipay/kit';

export const TTL_SECONDS = 24 * 3600;
const INBOX_KEY = 'inbox';
const INBOX_MAX = 1000;

export type Channel = 'sms' | 'email' | 'chatbot';

export interface InboxMessage {
  id: string;
  channel: Channel;
  to: string;
  subject?: string;
  text: string;
  html?: string;
  /** The first 6-digit number in the text: the verification code a developer is after. */
  code: string | null;
  sentAt: string;
}

export type KycStatus = 0 | 1 | 2; // processing | success | failure

export interface KycSession {
  certifyId: string;
  userId: string;
  name?: string;
  idNumber?: string;
  returnUrl: string;
  callbackUrl?: string;
  status: KycStatus;
  createdAt: string;
  finishedAt?: string;
}

export function extractCode(text: string): string | null {
  return /(?<!\d)\d{6}(?!\d)/.exec(text)?.[0] ?? null;
}

/** Recipients compare without case, spaces, dashes or brackets ("+86 138-0013-8000"). */
export function normaliseRecipient(to: string): string {
  return to.trim().toLowerCase().replace(/[\s()-]/g, '');
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

const kycKey = (certifyId: string) => `kyc:${certifyId}`;

// Atomic so that two results (a click and the auto result, or a double click) cannot both win.
const FINISH_SCRIPT = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return -1 end
if status ~= '0' then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'finishedAt', ARGV[2])
return 1`;

export class SandboxStore {
  constructor(private readonly redis: Redis) {}

  async addMessage(input: Omit<InboxMessage, 'id' | 'code' | 'sentAt'>): Promise<InboxMessage> {
    const now = Date.now();
    const message: InboxMessage = { id: newId('msg'), ...input, code: extractCode(input.text), sentAt: new Date(now).toISOString() };
    await this.redis
      .multi()
      .zadd(INBOX_KEY, now, JSON.stringify(message))
      .zremrangebyscore(INBOX_KEY, '-inf', now - TTL_SECONDS * 1000)
      .zremrangebyrank(INBOX_KEY, 0, -(INBOX_MAX + 1))
      .expire(INBOX_KEY, TTL_SECONDS)
      .exec();
    return message;
  }

  /** Newest first, optionally only one recipient's. */
  async listMessages(options: { to?: string; limit: number }): Promise<InboxMessage[]> {
    const raw = await this.redis.zrevrangebyscore(INBOX_KEY, '+inf', Date.now() - TTL_SECONDS * 1000);
    const wanted = options.to ? normaliseRecipient(options.to) : undefined;
    const messages = raw.map((item) => JSON.parse(item) as InboxMessage);
    return messages.filter((m) => !wanted || normaliseRecipient(m.to) === wanted).slice(0, options.limit);
  }

  async clearMessages(): Promise<number> {
    const count = await this.redis.zcard(INBOX_KEY);
    await this.redis.del(INBOX_KEY);
    return count;
  }

  async createSession(input: Omit<KycSession, 'certifyId' | 'status' | 'createdAt' | 'finishedAt'>): Promise<KycSession> {
    const session: KycSession = { certifyId: newId('kyc'), ...input, status: 0, createdAt: new Date().toISOString() };
    const fields = Object.entries(session).filter(([, value]) => value !== undefined);
    await this.redis.multi().hset(kycKey(session.certifyId), Object.fromEntries(fields)).expire(kycKey(session.certifyId), TTL_SECONDS).exec();
    return session;
  }

  async getSession(certifyId: string): Promise<KycSession | null> {
    const hash = await this.redis.hgetall(kycKey(certifyId));
    if (!hash.certifyId || !hash.userId || !hash.returnUrl || !hash.createdAt) return null;
    return {
      certifyId: hash.certifyId,
      userId: hash.userId,
      name: hash.name,
      idNumber: hash.idNumber,
      returnUrl: hash.returnUrl,
      callbackUrl: hash.callbackUrl,
      status: Number(hash.status) as KycStatus,
      createdAt: hash.createdAt,
      finishedAt: hash.finishedAt,
    };
  }

  /** Sets the final status once; `changed` is false when the session had already finished. */
  async finishSession(certifyId: string, status: 1 | 2): Promise<{ session: KycSession; changed: boolean } | null> {
    const outcome = await this.redis.eval(FINISH_SCRIPT, 1, kycKey(certifyId), String(status), new Date().toISOString());
    if (outcome === -1) return null;
    const session = await this.getSession(certifyId);
    return session && { session, changed: outcome === 1 };
  }
}
