import { describe, it, expect } from 'vitest';
import { ZodError } from 'zod';
import { deadLetterTopic, parseEvent } from './event.js';
import {
  EVENTS,
  EVENT_TYPES,
  TOPICS,
  eventsOnTopic,
  isEventType,
  type EventPayload,
  type EventType,
} from './events.js';

const AT = '2025-03-01T08:00:00.000Z';
const LATER = '2025-04-01T08:00:00.000Z';

/** One valid payload per event type (the mapped type makes a missing event a compile error). */
const SAMPLES: { [T in EventType]: EventPayload<T> } = {
  'user.registered': {
    userId: 'u1',
    mobile: '13800138000',
    region: 86,
    inviteCode: 'AB12',
    registeredAt: AT,
  },
  'user.verified': { userId: 'u1', certifyId: 'cert-1', verifiedAt: AT },
  'user.deleted': { userId: 'u1', deletedAt: AT },
  'payment.succeeded': {
    orderNo: 'o1',
    userId: 'u1',
    orderType: 0,
    businessRef: 'card-1',
    amount: 72_50,
    currency: 1,
    usdAmount: 10_00,
    channelType: 2,
    transactionType: 1,
    providerTradeNo: 'alipay-123',
    paidAt: AT,
  },
  'payment.failed': {
    orderNo: 'o2',
    userId: 'u1',
    orderType: 9,
    businessRef: 'pkg-1',
    amount: 9_99,
    currency: 2,
    usdAmount: 9_99,
    channelType: 5,
    transactionType: null,
    reason: 'expired',
    failedAt: AT,
  },
  'refund.succeeded': {
    refundNo: 'r1',
    orderNo: 'o1',
    userId: 'u1',
    orderType: 0,
    businessRef: 'card-1',
    amount: 72_50,
    currency: 1,
    usdAmount: 10_00,
    full: true,
    refundedAt: AT,
  },
  'card.opened': {
    cardId: 'c1',
    userId: 'u1',
    platform: 4,
    tier: 'standard',
    lastFour: '4242',
    orderNo: 'o3',
    expiresAt: LATER,
    openedAt: AT,
  },
  'card.recharged': { cardId: 'c1', userId: 'u1', orderNo: 'o1', amount: 9_80, fee: 20, rechargedAt: AT },
  'card.frozen': { cardId: 'c1', userId: 'u1', reason: 'insufficient_balance_hourly', frozenAt: AT },
  'card.cancelled': {
    cardId: 'c1',
    userId: 'u1',
    reason: 'consecutive_failed_deductions',
    refundedBalance: 1_25,
    cancelledAt: AT,
  },
  'tools.fulfilled': { orderNo: 'o4', userId: 'u1', orderType: 4, businessRef: 'num-1', quantity: 3, fulfilledAt: AT },
  'upgrade.finished': {
    taskId: 't1',
    userId: 'u1',
    cardId: 'c1',
    plan: 1,
    seats: 1,
    success: false,
    failureReason: 1,
    refundedAmount: 20_00,
    finishedAt: AT,
  },
  'flex.activated': {
    subscriptionId: 's1',
    userId: 'u1',
    platform: 'claude',
    packageId: 'p1',
    packageKind: 'claudeQuarter',
    orderNo: 'o5',
    trial: false,
    renewal: false,
    totalTokens: 3_000_000,
    startsAt: AT,
    expiresAt: LATER,
    activatedAt: AT,
  },
  'flex.expired': { subscriptionId: 's1', userId: 'u1', platform: 'claude', packageId: 'p1', expiredAt: LATER },
  'apiflex.recharged': { userId: 'u1', orderNo: 'o6', amount: 50_00, rechargedAt: AT },
  'usage.daily': {
    userId: 'u1',
    source: 'aicoding',
    date: '2025-03-01',
    requests: 120,
    inputTokens: 50_000,
    outputTokens: 12_000,
    cost: 3_17,
  },
  'reward.earned': {
    rewardId: 'rw1',
    userId: 'u0',
    inviteeUserId: 'u1',
    level: 1,
    invitationType: 2,
    rewardType: 0,
    amount: 2_00,
    orderNo: 'o5',
    frozenUntil: '2025-03-08T08:00:00.000Z',
    earnedAt: AT,
  },
  'reward.released': { rewardId: 'rw1', userId: 'u0', amount: 2_00, releasedAt: '2025-03-08T08:00:00.000Z' },
  'reward.withdrawn': { withdrawalId: 'w1', userId: 'u0', invitationType: 1, amount: 100_00, withdrawnAt: LATER },
};

function envelope(type: EventType, data: unknown, overrides: Record<string, unknown> = {}) {
  return { id: `evt-${type}`, type, version: EVENTS[type].version, occurredAt: AT, data, ...overrides };
}

/** A value of a different JSON type than the given one. */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'yes';
  return { not: 'valid' };
}

function issuePaths(error: unknown): string[] {
  expect(error).toBeInstanceOf(ZodError);
  return (error as ZodError).issues.map((issue) => issue.path.join('.'));
}

function parseError(type: EventType, data: unknown): unknown {
  try {
    parseEvent(EVENTS[type], envelope(type, data));
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('event registry', () => {
  // ARCHITECTURE §3: who publishes what.
  const expected: Array<[EventType, string]> = [
    ['user.registered', 'identity.events'],
    ['user.verified', 'identity.events'],
    ['user.deleted', 'identity.events'],
    ['payment.succeeded', 'payments.events'],
    ['payment.failed', 'payments.events'],
    ['refund.succeeded', 'payments.events'],
    ['card.opened', 'card.events'],
    ['card.recharged', 'card.events'],
    ['card.frozen', 'card.events'],
    ['card.cancelled', 'card.events'],
    ['tools.fulfilled', 'tools.events'],
    ['upgrade.finished', 'tools.events'],
    ['flex.activated', 'flex.events'],
    ['flex.expired', 'flex.events'],
    ['apiflex.recharged', 'aicoding.events'],
    ['usage.daily', 'aicoding.events'],
    ['reward.earned', 'referrals.events'],
    ['reward.released', 'referrals.events'],
    ['reward.withdrawn', 'referrals.events'],
  ];

  it('holds exactly the 19 events of ARCHITECTURE §3', () => {
    expect([...EVENT_TYPES].sort()).toEqual(expected.map(([type]) => type).sort());
    expect(Object.keys(SAMPLES).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it.each(expected)('%s is published on %s, under its own name, version 1', (type, topic) => {
    expect(EVENTS[type].type).toBe(type);
    expect(EVENTS[type].topic).toBe(topic);
    expect(EVENTS[type].version).toBe(1);
  });

  it('has the seven topics', () => {
    expect(Object.values(TOPICS).sort()).toEqual(
      [
        'identity.events',
        'payments.events',
        'card.events',
        'tools.events',
        'flex.events',
        'aicoding.events',
        'referrals.events',
      ].sort(),
    );
    expect(deadLetterTopic(TOPICS.payments)).toBe('payments.events.dlq');
  });

  it('lists the events of a topic', () => {
    expect(eventsOnTopic(TOPICS.payments).map((definition) => definition.type).sort()).toEqual([
      'payment.failed',
      'payment.succeeded',
      'refund.succeeded',
    ]);
    expect(eventsOnTopic(TOPICS.tools).map((definition) => definition.type).sort()).toEqual([
      'tools.fulfilled',
      'upgrade.finished',
    ]);
  });

  it('recognises event types', () => {
    expect(isEventType('card.frozen')).toBe(true);
    expect(isEventType('card.melted')).toBe(false);
    expect(isEventType('toString')).toBe(false);
  });
});

describe.each(EVENT_TYPES)('%s', (type) => {
  const definition = EVENTS[type];
  const sample = SAMPLES[type] as Record<string, unknown>;

  it('round-trips through JSON and parseEvent', () => {
    const wire = JSON.parse(JSON.stringify(envelope(type, sample))) as unknown;
    const parsed = parseEvent(definition, wire);
    expect(parsed).toEqual(envelope(type, sample));
  });

  it('keys the message by a non-empty aggregate id taken from the payload', () => {
    const key = (definition.key as (data: unknown) => string)(sample);
    expect(typeof key).toBe('string');
    expect(key.length).toBeGreaterThan(0);
    expect(Object.values(sample)).toContain(key);
  });

  it('rejects an envelope of another type', () => {
    const other = EVENT_TYPES.find((candidate) => candidate !== type)!;
    expect(() => parseEvent(definition, envelope(type, sample, { type: other }))).toThrow(/does not match/);
  });

  it('rejects an envelope without an id or with a bad occurredAt', () => {
    expect(() => parseEvent(definition, envelope(type, sample, { id: '' }))).toThrow(ZodError);
    expect(() => parseEvent(definition, envelope(type, sample, { occurredAt: 'yesterday' }))).toThrow(ZodError);
  });

  it.each(Object.keys(sample))('rejects a wrong type in field %s, naming the field', (field) => {
    const error = parseError(type, { ...sample, [field]: wrongType(sample[field]) });
    expect(issuePaths(error)).toContain(field);
  });

  it('rejects a payload with a required field missing, naming the field', () => {
    const shape = (definition.data as unknown as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape;
    expect(shape).toBeDefined();
    const required = Object.keys(shape!).filter((field) => !shape![field]!.safeParse(undefined).success);
    expect(required.length).toBeGreaterThan(0);
    for (const field of required) {
      const rest = { ...sample };
      delete rest[field];
      expect(issuePaths(parseError(type, rest)), field).toContain(field);
    }
  });
});

describe('payload rules', () => {
  it.each([
    ['payment.succeeded', 'amount', 12.5],
    ['payment.succeeded', 'amount', -100],
    ['payment.succeeded', 'usdAmount', 0.1],
    ['payment.succeeded', 'orderType', 15],
    ['payment.succeeded', 'channelType', 25],
    ['payment.succeeded', 'transactionType', 5],
    ['payment.succeeded', 'currency', 3],
    ['payment.succeeded', 'paidAt', '2025-03-01 08:00'],
    ['refund.succeeded', 'amount', 1.01],
    ['card.recharged', 'fee', 0.2],
    ['card.opened', 'platform', 5],
    ['card.opened', 'lastFour', '42'],
    ['card.frozen', 'reason', 'bored'],
    ['tools.fulfilled', 'orderType', 0],
    ['tools.fulfilled', 'quantity', 0],
    ['upgrade.finished', 'plan', 4],
    ['upgrade.finished', 'failureReason', 6],
    ['flex.activated', 'platform', 'gemini'],
    ['flex.activated', 'packageKind', 'claudeUltra'],
    ['usage.daily', 'date', '2025-3-1'],
    ['reward.earned', 'level', 3],
    ['reward.earned', 'rewardType', 2],
    ['user.registered', 'inviteCode', 'ab'],
    ['user.registered', 'region', 1],
    ['user.verified', 'userId', ''],
  ] as const)('%s rejects %s = %j', (type, field, value) => {
    const error = parseError(type, { ...SAMPLES[type], [field]: value });
    expect(issuePaths(error)).toContain(field);
  });

  it('money stays in integer minor units through a round trip (no float drift)', () => {
    const parsed = parseEvent(EVENTS['payment.succeeded'], envelope('payment.succeeded', SAMPLES['payment.succeeded']));
    expect(parsed.data.amount).toBe(7250);
    expect(Number.isInteger(parsed.data.amount)).toBe(true);
  });

  it('user.registered needs a mobile or an e-mail', () => {
    const { mobile: _mobile, ...withoutMobile } = SAMPLES['user.registered'];
    expect(issuePaths(parseError('user.registered', { ...withoutMobile, region: null }))).toContain('mobile');
    const byEmail = { ...withoutMobile, region: null, email: 'a@example.com' };
    expect(parseEvent(EVENTS['user.registered'], envelope('user.registered', byEmail)).data.email).toBe('a@example.com');
  });

  it('upgrade.finished carries a failure reason exactly when it failed', () => {
    const failed = SAMPLES['upgrade.finished'];
    expect(issuePaths(parseError('upgrade.finished', { ...failed, failureReason: null }))).toContain('failureReason');
    expect(issuePaths(parseError('upgrade.finished', { ...failed, success: true }))).toContain('failureReason');
    const succeeded = { ...failed, success: true, failureReason: null, refundedAmount: 0 };
    expect(parseEvent(EVENTS['upgrade.finished'], envelope('upgrade.finished', succeeded)).data.success).toBe(true);
  });

  it('a balance payment has no transaction type, a wallet payment names one', () => {
    const parsed = parseEvent(EVENTS['payment.failed'], envelope('payment.failed', SAMPLES['payment.failed']));
    expect(parsed.data.transactionType).toBeNull();
    expect(parsed.data.channelType).toBe(5);
  });

  it('a free trial activates Flex without an order', () => {
    const trial = { ...SAMPLES['flex.activated'], orderNo: null, trial: true, packageKind: 'claudeTrial' };
    expect(parseEvent(EVENTS['flex.activated'], envelope('flex.activated', trial)).data.orderNo).toBeNull();
  });

  it('drops unknown payload fields (an added optional field is compatible)', () => {
    const parsed = parseEvent(EVENTS['card.frozen'], envelope('card.frozen', { ...SAMPLES['card.frozen'], extra: 1 }));
    expect(parsed.data).not.toHaveProperty('extra');
  });
});
