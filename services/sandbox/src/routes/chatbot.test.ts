// The complaint webhook: signed like a chat-bot webhook, kept in the dev inbox, answered with code 0.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedis } from '@aipay/kit';
import { buildSandbox } from '../app.js';
import { loadSandboxConfig } from '../config.js';
import { chatbotSign } from './chatbot.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `sandbox-chatbot-test:${randomUUID()}:`;
const redis = createRedis(REDIS_URL, { keyPrefix: PREFIX });

afterAll(async () => {
  await redis.del('inbox');
  await redis.quit();
});

async function send(body: object) {
  const app = await buildSandbox(loadSandboxConfig({ NODE_ENV: 'test', REDIS_URL, SANDBOX_SECRET: 'hook-secret' }), redis, { logger: false });
  try {
    return await app.inject({ method: 'POST', url: '/chatbot/webhook', payload: body });
  } finally {
    await app.close();
  }
}

describe('the chat-bot webhook', () => {
  it('accepts a correctly signed complaint, answers code 0 and keeps it in the inbox', async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await send({ timestamp, sign: chatbotSign(timestamp, 'hook-secret'), msg_type: 'text', content: { text: 'complaint: card declined' } });
    expect(response.json()).toMatchObject({ code: 0 });
    const inbox = await buildSandbox(loadSandboxConfig({ NODE_ENV: 'test', REDIS_URL }), redis, { logger: false });
    const listed = (await inbox.inject({ method: 'GET', url: '/dev/inbox?to=chatbot' })).json();
    await inbox.close();
    expect(listed.data[0]).toMatchObject({ channel: 'chatbot', to: 'chatbot', text: 'complaint: card declined' });
  });

  it('refuses a wrong signature and a stale timestamp', async () => {
    const now = String(Math.floor(Date.now() / 1000));
    const stale = String(Math.floor(Date.now() / 1000) - 7200);
    expect((await send({ timestamp: now, sign: chatbotSign(now, 'other'), msg_type: 'text', content: { text: 'x' } })).statusCode).toBe(401);
    expect((await send({ timestamp: stale, sign: chatbotSign(stale, 'hook-secret'), msg_type: 'text', content: { text: 'x' } })).statusCode).toBe(401);
  });
});
