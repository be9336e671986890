// The payment password check (seed 001 §3-§5), shared by the user's own call
// (POST /account/verifyPayPassword, routes/payPassword.ts) and the internal call payments makes
// before a balance payment (POST /internal/users/:userId/verifyPayPassword, routes/internal.ts):
// one counter, one lock, whoever asks.
import type { PayPasswordResult as ResultType } from '../domain/payPassword.js';
import { afterWrong, PayPasswordResult, precheck } from '../domain/payPassword.js';
import { verifyPassword } from '../domain/passwords.js';
import type { Ctx } from '../context.js';
import type { UserDoc } from '../store/models.js';

/** `{resultType (0 success, 1 not set, 2 wrong, 3 failure limit exceeded), failCount}` (seed 001 §3). */
export interface PayPasswordCheck {
  resultType: ResultType;
  failCount: number;
}

/**
 * Counts one wrong payment password with one conditional `$inc` (never past the maximum, so of
 * concurrent wrong tries exactly one reports the lock): 2, or 3 when this try reached the maximum.
 */
export async function countWrongPayPassword(ctx: Ctx, userId: string): Promise<PayPasswordCheck> {
  const max = ctx.config.PAY_PASSWORD_MAX_FAILURES;
  const counted = await ctx.users.countPayFailure(userId, max);
  const failCount = counted?.payPasswordFailCount ?? max;
  return { resultType: afterWrong(failCount, max), failCount };
}

/** Verifies `password` for the user: 1 when not set, 3 when locked, 0 (count reset) or a counted failure. */
export async function checkPayPassword(ctx: Ctx, user: UserDoc, password: string): Promise<PayPasswordCheck> {
  const max = ctx.config.PAY_PASSWORD_MAX_FAILURES;
  const state = { isSet: Boolean(user.payPasswordHash), failCount: user.payPasswordFailCount };
  const early = precheck(state, max);
  if (early !== null) return { resultType: early, failCount: state.failCount };
  if (!(await verifyPassword(password, user.payPasswordHash))) return countWrongPayPassword(ctx, user._id);
  // Reset the count unless a concurrent failure locked it meanwhile (or the password changed).
  const updated = await ctx.users.update(
    { _id: user._id, payPasswordHash: user.payPasswordHash, payPasswordFailCount: { $lt: max } },
    { payPasswordFailCount: 0 },
  );
  if (!updated) return { resultType: PayPasswordResult.limitExceeded, failCount: max };
  return { resultType: PayPasswordResult.success, failCount: 0 };
}
