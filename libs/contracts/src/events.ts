// The Kafka events of ARCHITECTURE §3/§4: one definition per event type, published on the
// topic of its family, keyed by its aggregate id. Conventions of every payload:
// - ids (users, orders, cards ...) are strings;
// - money is an integer number of minor units: cents for USD, fen for RMB (never a float);
// - timestamps are ISO 8601 UTC strings (`2025-01-31T08:00:00.000Z`);
// - payloads are parsed with zod's default object mode, which drops unknown keys, so adding an
//   optional field is compatible; removing or retyping one needs a new `version`.
import { z } from 'zod';
import { defineEvent, type EventData } from './event.js';
import {
  cardCancelReasonSchema,
  cardFreezeReasonSchema,
  cardPlatformSchema,
  cardTierSchema,
  chatGptPlanSchema,
  currencySchema,
  flexPackageKindSchema,
  flexPlatformTypeSchema,
  invitationTypeSchema,
  orderTypeSchema,
  OrderType,
  payChannelSchema,
  phoneRegionSchema,
  rewardLevelSchema,
  rewardTypeSchema,
  transactionTypeSchema,
  upgradeFailureReasonSchema,
  usageSourceSchema,
} from './enums.js';

/** One topic per event family. */
export const TOPICS = {
  identity: 'identity.events',
  payments: 'payments.events',
  card: 'card.events',
  tools: 'tools.events',
  flex: 'flex.events',
  aicoding: 'aicoding.events',
  referrals: 'referrals.events',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

const id = () => z.string().min(1);
/** Integer minor units of the payload's currency: cents (USD) or fen (RMB). */
const minorUnits = () => z.number().int().nonnegative();
/** Integer US cents. */
const usdCents = () => z.number().int().nonnegative();
const timestamp = () => z.iso.datetime();
const count = () => z.number().int().nonnegative();

// ---------------------------------------------------------------------------------------------
// identity.events
// ---------------------------------------------------------------------------------------------

export const userRegisteredEvent = defineEvent({
  type: 'user.registered',
  topic: TOPICS.identity,
  version: 1,
  data: z
    .object({
      userId: id(),
      /** National number without the calling code; absent for an e-mail or Google registration. */
      mobile: z.string().regex(/^\d{8,11}$/).optional(),
      email: z.email().optional(),
      /** Derived from the mobile number; null when the user registered without one. */
      region: phoneRegionSchema.nullable(),
      /** The invite code typed or carried by /i/{code}, as entered (3-10 of 0-9 A-Z). */
      inviteCode: z.string().regex(/^[0-9A-Z]{3,10}$/).optional(),
      registeredAt: timestamp(),
    })
    .refine((data) => data.mobile !== undefined || data.email !== undefined, {
      message: 'mobile or email is required',
      path: ['mobile'],
    }),
  key: (data) => data.userId,
});

export const userVerifiedEvent = defineEvent({
  type: 'user.verified',
  topic: TOPICS.identity,
  version: 1,
  data: z.object({
    userId: id(),
    /** The face-verification session that passed. */
    certifyId: id(),
    verifiedAt: timestamp(),
  }),
  key: (data) => data.userId,
});

export const userDeletedEvent = defineEvent({
  type: 'user.deleted',
  topic: TOPICS.identity,
  version: 1,
  data: z.object({
    userId: id(),
    deletedAt: timestamp(),
  }),
  key: (data) => data.userId,
});

// ---------------------------------------------------------------------------------------------
// payments.events (keyed by orderNo, so an order's payment and refunds stay in order)
// ---------------------------------------------------------------------------------------------

const paymentFields = {
  orderNo: id(),
  userId: id(),
  orderType: orderTypeSchema,
  /** The owning service's reference: card id, package id, task id ... */
  businessRef: id(),
  /** What the payer pays, in minor units of `currency` (fen for RMB, cents for USD). */
  amount: minorUnits(),
  currency: currencySchema,
  /** The order's value in US cents, whatever the paying currency (products are priced in USD). */
  usdAmount: usdCents(),
  /** A recharge's fee in US cents, paid on top of usdAmount and included in `amount`. */
  fee: usdCents().optional(),
  channelType: payChannelSchema,
  /** The payer's wallet; null for a balance payment (channel 5). */
  transactionType: transactionTypeSchema.nullable(),
};

export const paymentSucceededEvent = defineEvent({
  type: 'payment.succeeded',
  topic: TOPICS.payments,
  version: 1,
  data: z.object({
    ...paymentFields,
    /** The channel's own transaction id, when it gives one. */
    providerTradeNo: z.string().min(1).optional(),
    paidAt: timestamp(),
  }),
  key: (data) => data.orderNo,
});

export const paymentFailedEvent = defineEvent({
  type: 'payment.failed',
  topic: TOPICS.payments,
  version: 1,
  data: z.object({
    ...paymentFields,
    /** Machine-readable cause (channel answer, expiry, cancel ...). */
    reason: z.string().min(1),
    failedAt: timestamp(),
  }),
  key: (data) => data.orderNo,
});

export const refundSucceededEvent = defineEvent({
  type: 'refund.succeeded',
  topic: TOPICS.payments,
  version: 1,
  data: z.object({
    refundNo: id(),
    orderNo: id(),
    userId: id(),
    orderType: orderTypeSchema,
    businessRef: id(),
    /** Refunded to the payer, in minor units of `currency` (fen for RMB, cents for USD). */
    amount: minorUnits(),
    currency: currencySchema,
    /** The refunded value in US cents. */
    usdAmount: usdCents(),
    /** True when the whole order was refunded. */
    full: z.boolean(),
    reason: z.string().min(1).optional(),
    refundedAt: timestamp(),
  }),
  key: (data) => data.orderNo,
});

// ---------------------------------------------------------------------------------------------
// card.events (keyed by cardId)
// ---------------------------------------------------------------------------------------------

export const cardOpenedEvent = defineEvent({
  type: 'card.opened',
  topic: TOPICS.card,
  version: 1,
  data: z.object({
    cardId: id(),
    userId: id(),
    platform: cardPlatformSchema,
    tier: cardTierSchema,
    lastFour: z.string().regex(/^\d{4}$/),
    /** The paid opening order (order type 1 or 2); null for a free replacement card. */
    orderNo: id().nullable(),
    /** The card this one replaces (card change, order type 14). */
    replacesCardId: id().optional(),
    expiresAt: timestamp(),
    openedAt: timestamp(),
  }),
  key: (data) => data.cardId,
});

export const cardRechargedEvent = defineEvent({
  type: 'card.recharged',
  topic: TOPICS.card,
  version: 1,
  data: z.object({
    cardId: id(),
    userId: id(),
    orderNo: id(),
    /** Credited to the card, in US cents. */
    amount: usdCents(),
    /** Recharge fee kept, in US cents. */
    fee: usdCents(),
    rechargedAt: timestamp(),
  }),
  key: (data) => data.cardId,
});

export const cardFrozenEvent = defineEvent({
  type: 'card.frozen',
  topic: TOPICS.card,
  version: 1,
  data: z.object({
    cardId: id(),
    userId: id(),
    reason: cardFreezeReasonSchema,
    frozenAt: timestamp(),
  }),
  key: (data) => data.cardId,
});

export const cardCancelledEvent = defineEvent({
  type: 'card.cancelled',
  topic: TOPICS.card,
  version: 1,
  data: z.object({
    cardId: id(),
    userId: id(),
    reason: cardCancelReasonSchema,
    /** Remaining balance returned to the recharge channel, in US cents. */
    refundedBalance: usdCents(),
    cancelledAt: timestamp(),
  }),
  key: (data) => data.cardId,
});

// ---------------------------------------------------------------------------------------------
// tools.events
// ---------------------------------------------------------------------------------------------

/** Order types a tool purchase has: remote 3, SMS 4, proxy 5, OpenAI account 6, browser 8, e-mail 11. */
export const toolOrderTypeSchema = z.enum({
  remote: OrderType.remote,
  sms: OrderType.sms,
  proxy: OrderType.proxy,
  openaiAccount: OrderType.openaiAccount,
  browser: OrderType.browser,
  overseasEmail: OrderType.overseasEmail,
});

export const toolsFulfilledEvent = defineEvent({
  type: 'tools.fulfilled',
  topic: TOPICS.tools,
  version: 1,
  data: z.object({
    orderNo: id(),
    userId: id(),
    orderType: toolOrderTypeSchema,
    /** The tool's own record (number, mailbox, registration, session ...). */
    businessRef: id(),
    quantity: z.number().int().positive(),
    fulfilledAt: timestamp(),
  }),
  key: (data) => data.orderNo,
});

export const upgradeFinishedEvent = defineEvent({
  type: 'upgrade.finished',
  topic: TOPICS.tools,
  version: 1,
  data: z
    .object({
      taskId: id(),
      userId: id(),
      cardId: id(),
      plan: chatGptPlanSchema,
      seats: z.number().int().positive(),
      success: z.boolean(),
      /** Null on success; one of 0-5 on failure. */
      failureReason: upgradeFailureReasonSchema.nullable(),
      /** Refunded in full on failure, in US cents; 0 on success. */
      refundedAmount: usdCents(),
      finishedAt: timestamp(),
    })
    .refine((data) => data.success === (data.failureReason === null), {
      message: 'failureReason must be null on success and set on failure',
      path: ['failureReason'],
    }),
  key: (data) => data.taskId,
});

// ---------------------------------------------------------------------------------------------
// flex.events (keyed by userId, so a user's activations, renewals and expiries stay in order)
// ---------------------------------------------------------------------------------------------

export const flexActivatedEvent = defineEvent({
  type: 'flex.activated',
  topic: TOPICS.flex,
  version: 1,
  data: z.object({
    subscriptionId: id(),
    userId: id(),
    platform: flexPlatformTypeSchema,
    /** The package (product) id bought. */
    packageId: id(),
    packageKind: flexPackageKindSchema.optional(),
    /** The paying order; null for a free trial. */
    orderNo: id().nullable(),
    trial: z.boolean(),
    /** True when this extends an earlier subscription of the same package type. */
    renewal: z.boolean(),
    /** Token quota of the package (coding and token packages), when it has one. */
    totalTokens: count().optional(),
    startsAt: timestamp(),
    expiresAt: timestamp(),
    activatedAt: timestamp(),
  }),
  key: (data) => data.userId,
});

export const flexExpiredEvent = defineEvent({
  type: 'flex.expired',
  topic: TOPICS.flex,
  version: 1,
  data: z.object({
    subscriptionId: id(),
    userId: id(),
    platform: flexPlatformTypeSchema,
    packageId: id(),
    expiredAt: timestamp(),
  }),
  key: (data) => data.userId,
});

// ---------------------------------------------------------------------------------------------
// aicoding.events (keyed by userId)
// ---------------------------------------------------------------------------------------------

export const apiflexRechargedEvent = defineEvent({
  type: 'apiflex.recharged',
  topic: TOPICS.aicoding,
  version: 1,
  data: z.object({
    userId: id(),
    orderNo: id(),
    /** Credited to the API Flex balance, in US cents. */
    amount: usdCents(),
    rechargedAt: timestamp(),
  }),
  key: (data) => data.userId,
});

export const usageDailyEvent = defineEvent({
  type: 'usage.daily',
  topic: TOPICS.aicoding,
  version: 1,
  data: z.object({
    userId: id(),
    source: usageSourceSchema,
    /** The day (UTC), YYYY-MM-DD. */
    date: z.iso.date(),
    requests: count(),
    inputTokens: count(),
    outputTokens: count(),
    /** The day's charge in US cents. */
    cost: usdCents(),
  }),
  key: (data) => data.userId,
});

// ---------------------------------------------------------------------------------------------
// referrals.events
// ---------------------------------------------------------------------------------------------

export const rewardEarnedEvent = defineEvent({
  type: 'reward.earned',
  topic: TOPICS.referrals,
  version: 1,
  data: z.object({
    rewardId: id(),
    /** The user who earns (the inviter, first or second level). */
    userId: id(),
    /** The invited user whose purchase earned it. */
    inviteeUserId: id(),
    level: rewardLevelSchema,
    invitationType: invitationTypeSchema,
    rewardType: rewardTypeSchema,
    /** In US cents. */
    amount: usdCents(),
    /** The order that earned it. */
    orderNo: id(),
    /** Frozen until then (7 days), then withdrawable. */
    frozenUntil: timestamp(),
    earnedAt: timestamp(),
  }),
  key: (data) => data.rewardId,
});

export const rewardReleasedEvent = defineEvent({
  type: 'reward.released',
  topic: TOPICS.referrals,
  version: 1,
  data: z.object({
    rewardId: id(),
    userId: id(),
    /** In US cents. */
    amount: usdCents(),
    releasedAt: timestamp(),
  }),
  key: (data) => data.rewardId,
});

export const rewardWithdrawnEvent = defineEvent({
  type: 'reward.withdrawn',
  topic: TOPICS.referrals,
  version: 1,
  data: z.object({
    withdrawalId: id(),
    userId: id(),
    invitationType: invitationTypeSchema,
    /** In US cents. */
    amount: usdCents(),
    withdrawnAt: timestamp(),
  }),
  key: (data) => data.withdrawalId,
});

// ---------------------------------------------------------------------------------------------
// The registry
// ---------------------------------------------------------------------------------------------

export const EVENTS = {
  'user.registered': userRegisteredEvent,
  'user.verified': userVerifiedEvent,
  'user.deleted': userDeletedEvent,
  'payment.succeeded': paymentSucceededEvent,
  'payment.failed': paymentFailedEvent,
  'refund.succeeded': refundSucceededEvent,
  'card.opened': cardOpenedEvent,
  'card.recharged': cardRechargedEvent,
  'card.frozen': cardFrozenEvent,
  'card.cancelled': cardCancelledEvent,
  'tools.fulfilled': toolsFulfilledEvent,
  'upgrade.finished': upgradeFinishedEvent,
  'flex.activated': flexActivatedEvent,
  'flex.expired': flexExpiredEvent,
  'apiflex.recharged': apiflexRechargedEvent,
  'usage.daily': usageDailyEvent,
  'reward.earned': rewardEarnedEvent,
  'reward.released': rewardReleasedEvent,
  'reward.withdrawn': rewardWithdrawnEvent,
} as const;

export type EventType = keyof typeof EVENTS;
export type AnyEventDefinition = (typeof EVENTS)[EventType];
/** The payload type of one event type, e.g. `EventPayload<'payment.succeeded'>`. */
export type EventPayload<T extends EventType> = EventData<(typeof EVENTS)[T]>;

export const EVENT_TYPES = Object.keys(EVENTS) as EventType[];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENTS, type);
}

/** The definitions published on a topic (what a consumer of that topic may receive). */
export function eventsOnTopic(topic: Topic): AnyEventDefinition[] {
  return Object.values(EVENTS).filter((definition) => definition.topic === topic);
}
