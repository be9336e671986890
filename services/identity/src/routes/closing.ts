// Account deletion (seed 000 §4: no refund; refused while services are active) and the complaint form.
import { z } from 'zod';
import { appError, outboxEvent, type AppInstance } from '@aipay/kit';
import { complaintBodySchema, ok, userDeletedEvent } from '@aipay/contracts';
import { currentUser, type Ctx } from '../context.js';
import { answers } from './answers.js';
import { identifierKey } from '../domain/region.js';

export function closingRoutes(app: AppInstance, ctx: Ctx): void {
  const auth = { preHandler: app.authenticate };

  app.post('/v1/user/deleteAccount', { ...auth, schema: { response: answers(z.null()) } }, async (request) => {
    const user = await currentUser(ctx, request);
    if (user.activeServices) throw appError('ACCOUNT_DELETE_ACTIVE_SERVICES');
    const now = new Date();
    const event = outboxEvent(userDeletedEvent, { userId: user._id, deletedAt: now.toISOString() }, now);
    // Anonymise in the same write that stores user.deleted; the invite code stays reserved.
    const deleted = await ctx.users.update(
      { _id: user._id, activeServices: false },
      {
        deleted: true,
        deletedAt: now,
        mobile: null,
        areaCode: null,
        email: null,
        emailVerifyStatus: 0,
        passwordHash: null,
        payPasswordHash: null,
        googleSub: null,
        firstName: null,
        lastName: null,
        name: null,
        identityForm: null,
      },
      [event],
    );
    if (!deleted) throw appError('ACCOUNT_DELETE_ACTIVE_SERVICES');
    ctx.eventsStored();
    const keys: string[] = [];
    if (user.mobile && user.areaCode) keys.push(identifierKey.mobile(user.areaCode, user.mobile));
    if (user.email) keys.push(identifierKey.email(user.email));
    if (user.googleSub) keys.push(identifierKey.google(user.googleSub));
    await ctx.users.release(keys, user._id);
    await ctx.versions.revoke(user._id, 'deleted');
    return ok(null);
  });

  app.post('/user/complaint', { ...auth, schema: { body: complaintBodySchema, response: answers(z.null()) } }, async (request) => {
    const user = await currentUser(ctx, request);
    const { content, email } = request.body;
    const text = [
      'Complaint / 投诉',
      `userId: ${user._id}`,
      `phone: ${user.mobile ? `+${user.areaCode} ${user.mobile}` : '-'}`,
      `account e-mail: ${user.email ?? '-'}`,
      `contact e-mail: ${email}`,
      `time: ${new Date().toISOString()}`,
      `content: ${content}`,
    ].join('\n');
    if (!(await ctx.complaint.send(text))) throw appError('COMPLAINT_FAILED');
    return ok(null);
  });
}
