// The chat-bot webhook that receives complaints (Feishu/Lark style): verifies the signature and
// keeps the message in the dev inbox under the recipient "chatbot". Answers {code: 0} like the real one.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { SandboxConfig } from '../config.js';
import type { SandboxApp } from '../http.js';
import type { SandboxStore } from '../store.js';

const MAX_AGE_SECONDS = 3600;

const webhookBody = z.object({
  timestamp: z.string().regex(/^\d+$/),
  sign: z.string().min(1),
  msg_type: z.literal('text'),
  content: z.object({ text: z.string().min(1).max(20_000) }),
});

/** base64 HMAC-SHA256 keyed with `${timestamp}\n${secret}` over an empty message. */
export function chatbotSign(timestamp: string, secret: string): string {
  return createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64');
}

export function registerChatbot(app: SandboxApp, { config, store }: { config: SandboxConfig; store: SandboxStore }): void {
  app.post('/chatbot/webhook', { schema: { body: webhookBody } }, async (request, reply) => {
    const { timestamp, sign, content } = request.body;
    const expected = Buffer.from(chatbotSign(timestamp, config.SANDBOX_SECRET));
    const given = Buffer.from(sign);
    const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= MAX_AGE_SECONDS;
    if (!fresh || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return reply.status(401).send({ code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time' });
    }
    await store.addMessage({ channel: 'chatbot', to: 'chatbot', text: content.text });
    return { code: 0, msg: 'success', data: {} };
  });
}
