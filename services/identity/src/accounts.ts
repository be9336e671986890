// Creating an account: claim its identifiers (mobile or e-mail, Google subject, a fresh own invite
// code), then insert the user together with its user.registered event; undo the claims on failure.
import { Types } from 'mongoose';
import { appError, outboxEvent } from '@aipay/kit';
import { userRegisteredEvent } from '@aipay/contracts';
import type { Ctx } from './context.js';
import { newInviteCode } from './domain/invite.js';
import { identifierKey } from './domain/region.js';
import type { UserDoc } from './store/models.js';
import { IdentifierTaken } from './store/users.js';

export interface NewAccount {
  mobile?: { number: string; areaCode: number };
  email?: { address: string; verified: boolean };
  googleSub?: string;
  passwordHash?: string | null;
  invitedCode?: string | undefined;
  name?: string | null;
}

export async function createAccount(ctx: Ctx, account: NewAccount): Promise<UserDoc> {
  const userId = new Types.ObjectId().toHexString();
  const keys: string[] = [];
  if (account.mobile) keys.push(identifierKey.mobile(account.mobile.areaCode, account.mobile.number));
  if (account.email) keys.push(identifierKey.email(account.email.address));
  if (account.googleSub) keys.push(identifierKey.google(account.googleSub));

  try {
    await ctx.users.claim(keys, userId);
  } catch (error) {
    if (error instanceof IdentifierTaken) throw appError(error.key.startsWith('email:') ? 'EMAIL_IN_USE' : 'MOBILE_IN_USE');
    throw error;
  }
  const claimed = [...keys];
  try {
    let inviteCode = '';
    for (let attempt = 0; !inviteCode; attempt += 1) {
      const candidate = newInviteCode(attempt < 5 ? 6 : 8);
      try {
        await ctx.users.claim([identifierKey.invite(candidate)], userId);
        inviteCode = candidate;
        claimed.push(identifierKey.invite(candidate));
      } catch (error) {
        if (!(error instanceof IdentifierTaken) || attempt > 10) throw error;
      }
    }
    const now = new Date();
    const event = outboxEvent(
      userRegisteredEvent,
      {
        userId,
        mobile: account.mobile?.number,
        email: account.email?.address,
        region: account.mobile ? (account.mobile.areaCode as 86 | 852 | 853) : null,
        inviteCode: account.invitedCode,
        registeredAt: now.toISOString(),
      },
      now,
    );
    const user = await ctx.users.create(
      {
        _id: userId,
        mobile: account.mobile?.number ?? null,
        areaCode: account.mobile?.areaCode ?? null,
        email: account.email?.address ?? null,
        emailVerifyStatus: account.email?.verified ? 1 : 0,
        googleSub: account.googleSub ?? null,
        passwordHash: account.passwordHash ?? null,
        inviteCode,
        invitedCode: account.invitedCode ?? null,
        name: account.name ?? null,
      },
      [event],
    );
    ctx.eventsStored();
    return user;
  } catch (error) {
    await ctx.users.release(claimed, userId);
    throw error;
  }
}

