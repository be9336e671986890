// The developer's side of the SMS and e-mail providers: what was "delivered", with its code.
import { z } from 'zod';
import { inboxPage, sendPage } from '../pages.js';
import type { SandboxApp } from '../http.js';
import type { SandboxStore } from '../store.js';

const inboxQuery = z.object({
  to: z.string().trim().max(200).optional().transform((to) => to || undefined),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
const pageQuery = inboxQuery.extend({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export function registerInbox(app: SandboxApp, store: SandboxStore): void {
  app.get('/dev/inbox', { schema: { querystring: inboxQuery } }, async (request) => {
    const messages = await store.listMessages(request.query);
    return { code: 200, msg: 'success', data: messages };
  });

  app.delete('/dev/inbox', async () => {
    const deleted = await store.clearMessages();
    return { code: 200, msg: 'success', data: { deleted } };
  });

  // It polls itself every 3 s; logging each poll would drown the log.
  app.get('/dev/inbox/page', { logLevel: 'warn', schema: { querystring: pageQuery, hide: true } }, async (request, reply) => {
    const messages = await store.listMessages(request.query);
    return sendPage(reply, 200, (nonce) => inboxPage(messages, request.query.to, nonce));
  });
}
