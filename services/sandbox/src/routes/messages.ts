// The SMS and e-mail providers: accept a message, "deliver" it to the dev inbox.
import { z } from 'zod';
import { ERRORS } from '@aipay/contracts';
import type { SandboxConfig } from '../config.js';
import { requireSignature, type SandboxApp } from '../http.js';
import type { SandboxStore } from '../store.js';

const smsBody = z.object({
  to: z.string().trim().regex(/^\+?[0-9][0-9 -]{5,19}$/, 'a phone number such as +8613800138000'),
  text: z.string().min(1).max(2000),
});

const emailBody = z.object({
  to: z.email(),
  subject: z.string().min(1).max(500),
  text: z.string().min(1).max(100_000),
  html: z.string().max(500_000).optional(),
});

const response = {
  200: z.object({ code: z.literal(200), msg: z.string(), data: z.object({ messageId: z.string() }) }),
  503: z.object({ code: z.number(), msg: z.string(), data: z.null() }),
};

export interface MessageDeps {
  config: SandboxConfig;
  store: SandboxStore;
  random: () => number;
}

export function registerMessages(app: SandboxApp, { config, store, random }: MessageDeps): void {
  const preValidation = requireSignature(config.SANDBOX_SECRET);
  // Plays a provider outage; the caller is expected to surface or retry it.
  const outage = { code: ERRORS.SERVICE_UNAVAILABLE.code, msg: 'sandbox: simulated provider failure', data: null };

  app.post('/sms/send', { preValidation, schema: { body: smsBody, response } }, async (request, reply) => {
    if (random() < config.SMS_FAILURE_RATE) return reply.status(503).send(outage);
    const message = await store.addMessage({ channel: 'sms', ...request.body });
    return { code: 200 as const, msg: 'success', data: { messageId: message.id } };
  });

  app.post('/email/send', { preValidation, schema: { body: emailBody, response } }, async (request, reply) => {
    if (random() < config.EMAIL_FAILURE_RATE) return reply.status(503).send(outage);
    const message = await store.addMessage({ channel: 'email', ...request.body });
    return { code: 200 as const, msg: 'success', data: { messageId: message.id } };
  });
}
