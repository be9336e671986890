// What the face-verification routes share (the public /v1/user/identityVerify* calls of kyc.ts and the
// internal calls payments makes in internal.ts): the provider call with its error mapping, marking a
// user verified exactly once, and reading a session back from the provider.
import { appError, outboxEvent } from '@aipay/kit';
import { userVerifiedEvent } from '@aipay/contracts';
import type { KycSession, KycStatus } from '../adapters/kyc.js';
import { ProviderError } from '../adapters/signing.js';
import type { Ctx } from '../context.js';
import type { UserDoc } from '../store/models.js';

/** Runs a KYC provider call; a provider failure becomes KYC_UNAVAILABLE (503). */
export async function kycCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw appError('KYC_UNAVAILABLE', { cause: error });
    throw error;
  }
}

/** Starts a face-verification session that returns the user to `returnUrl`. */
export async function startSession(ctx: Ctx, userId: string, returnUrl: string): Promise<KycSession> {
  return kycCall(() => ctx.kyc.start({ userId, returnUrl, callbackUrl: ctx.config.KYC_CALLBACK_URL }));
}

/** Marks the user verified; conditional on not yet verified, so user.verified is stored once. */
export async function markVerified(ctx: Ctx, userId: string, certifyId: string): Promise<void> {
  const now = new Date();
  const event = outboxEvent(userVerifiedEvent, { userId, certifyId, verifiedAt: now.toISOString() }, now);
  const updated = await ctx.users.update({ _id: userId, verified: false }, { verified: true, certifyId, verifiedAt: now }, [event]);
  if (updated) ctx.eventsStored();
}

/**
 * The provider's word on one of the user's sessions; a session of someone else is NOT_FOUND. When
 * the provider says passed (1) and the user is not verified yet, the user is marked verified.
 */
export async function sessionStatus(ctx: Ctx, user: UserDoc, certifyId: string): Promise<KycStatus> {
  const status = await kycCall(() => ctx.kyc.status(certifyId));
  if (status.userId !== user._id) throw appError('NOT_FOUND');
  if (status.status === 1 && !user.verified) await markVerified(ctx, user._id, status.certifyId);
  return status;
}
