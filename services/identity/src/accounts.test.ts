// Uniqueness without transactions: concurrent account creations for one number leave exactly one
// user and no orphan identifiers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '@aipay/kit';
import { createAccount } from './accounts.js';
import { createContext } from './app.js';
import { newMobile, startHarness, type Harness } from './testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('account creation', () => {
  it('lets exactly one of 8 concurrent creations for the same number win', async () => {
    const ctx = createContext({ config: h.config, redis: h.redis, connection: h.connection });
    const number = newMobile();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => createAccount(ctx, { mobile: { number, areaCode: 86 } })));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.every((r) => isAppError(r.reason) && r.reason.errorName === 'MOBILE_IN_USE')).toBe(true);
    const db = h.connection.db!;
    expect(await db.collection('users').countDocuments({ mobile: number })).toBe(1);
    const userId = (won[0] as PromiseFulfilledResult<{ _id: string }>).value._id;
    // The winner holds its number and one invite code; the losers left nothing behind.
    expect(await db.collection('identifiers').countDocuments({ userId })).toBe(2);
    expect(await db.collection('identifiers').countDocuments({ userId: { $ne: userId } })).toBe(0);
  });
});
