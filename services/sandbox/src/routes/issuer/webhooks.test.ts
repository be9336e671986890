// Spending webhooks over real HTTP: a node:http listener plays the card service, verifying with
// the card-side verifyIssuerWebhook. Signed, duplicated, redelivered until acknowledged.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ISSUER_SCHEMES, verifyIssuerWebhook, type IssuerPlatform } from '@aipay/pay-protocols';
import { merchantListener, sandboxes, sleep, type Received } from '../pay/testkit.js';
import { holder, issuerClient, issuerEnv, issuerSecrets, requestId } from './testkit.js';

const secrets = issuerSecrets();
const boxes = sandboxes();
afterEach(() => boxes.closeApps());
afterAll(() => boxes.cleanup());

type Listener = Awaited<ReturnType<typeof merchantListener>>;
const listeners: Listener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.close()));
});

async function setup(env: Record<string, string>, answer?: (n: number) => { status: number; body: string }, platform: IssuerPlatform = 'corpay') {
  const cardService = await merchantListener({ status: 200 }, answer);
  listeners.push(cardService);
  const app = await boxes.build({ ...issuerEnv(secrets, cardService.url), ...env });
  const call = issuerClient(app, platform, secrets);
  const issued = await call('POST', '/cards', { requestId: requestId(), holder, initialAmount: 5000 });
  const cardId = issued.json.cardId as string;
  const simulate = (body: object) => app.inject({ method: 'POST', url: `/issuer/${platform}/cards/${cardId}/simulate`, payload: body });
  return { app, cardService, call, cardId, simulate };
}

function verified(platform: IssuerPlatform, notice: Received, secret = secrets[platform].webhookSecret) {
  return verifyIssuerWebhook(platform, { secret, headers: notice.headers, body: notice.body });
}

describe('issuer webhooks', () => {
  it('signs every event with the platform headers and sends the same event in copies', async () => {
    const { cardService, simulate } = await setup({ PAY_NOTIFY_DUPLICATES: '1' });
    const answer = await simulate({ kind: 'authorisation', amount: 1234, merchant: 'OpenAI' });
    expect(answer.statusCode).toBe(200);
    const { webhookIds, transactions } = answer.json().data;
    const notices = await cardService.waitFor(2);
    for (const notice of notices) {
      expect(notice.path).toBe('/v1/card/notify/corpay');
      expect(verified('corpay', notice)).toEqual({ ok: true, timestamp: expect.any(Number), webhookId: webhookIds[0] });
      expect(notice.headers[ISSUER_SCHEMES.corpay.webhookIdHeader]).toBe(webhookIds[0]);
      expect(notice.headers['x-qb-signature']).toBeUndefined();
    }
    expect(notices[0]!.body).toBe(notices[1]!.body);
    expect(JSON.parse(notices[0]!.body)).toEqual({
      id: webhookIds[0],
      type: 'transaction.authorised',
      platform: 'corpay',
      createdAt: transactions[0].createdAt,
      data: expect.objectContaining({ transactionId: transactions[0].transactionId, type: 'authorisation', status: 'succeeded', amount: 1234, currency: 'USD', balanceAfter: 3766, merchant: { name: 'OpenAI', mcc: '5734', country: 'US' } }),
    });
    expect(verified('corpay', notices[0]!, 'another-secret').ok).toBe(false);
    expect(verified('qbitbudget', notices[0]!).ok).toBe(false);
    await sleep(100);
    expect(cardService.received).toHaveLength(2);
  });

  it('redelivers a webhook until the card service answers 2xx, then stops', async () => {
    const { cardService, simulate } = await setup({ PAY_NOTIFY_DUPLICATES: '0' }, (n) => (n <= 2 ? { status: 500, body: 'busy' } : { status: 204, body: '' }));
    const { webhookIds } = (await simulate({ kind: 'authorisation', amount: 100 })).json().data;
    const notices = await cardService.waitFor(3);
    expect(notices.map((n) => n.headers[ISSUER_SCHEMES.corpay.webhookIdHeader])).toEqual([webhookIds[0], webhookIds[0], webhookIds[0]]);
    expect(notices.every((n) => verified('corpay', n).ok)).toBe(true);
    await sleep(200);
    expect(cardService.received).toHaveLength(3);
  });

  it('redelivers a dropped delivery (PAY_NOTIFY_FAILURE_RATE) and QbitBudget signs with its own headers', async () => {
    let draws = 0;
    const cardService = await merchantListener({ status: 200 });
    listeners.push(cardService);
    // The first draw drops the first attempt; later draws let it through.
    const app = await boxes.build({ ...issuerEnv(secrets, cardService.url), PAY_NOTIFY_DUPLICATES: '0', PAY_NOTIFY_FAILURE_RATE: '0.5' }, { random: () => (draws++ === 0 ? 0 : 0.9) });
    const qb = issuerClient(app, 'qbitbudget', secrets);
    const card = (await qb('POST', '/cards', { requestId: requestId(), holder, initialAmount: 100 })).json;
    await app.inject({ method: 'POST', url: `/issuer/qbitbudget/cards/${card.cardId}/simulate`, payload: { kind: 'decline', amount: 999 } });
    const [notice] = await cardService.waitFor(1);
    expect(notice!.path).toBe('/v1/card/notify/qbitbudget');
    expect(verified('qbitbudget', notice!)).toMatchObject({ ok: true, webhookId: expect.stringMatching(/^qbe_/) });
    expect(notice!.headers['x-qb-webhook-id']).toBeDefined();
    expect(JSON.parse(notice!.body)).toMatchObject({ type: 'transaction.declined', data: { declineReason: 'insufficient_balance', balanceAfter: 100 } });
    expect(draws).toBeGreaterThanOrEqual(2);
  });

  it('sends a transaction again on demand through the test API', async () => {
    const { app, cardService, cardId, simulate } = await setup({ PAY_NOTIFY_DUPLICATES: '0' });
    const first = (await simulate({ kind: 'authorisation', amount: 10 })).json().data;
    await cardService.waitFor(1);
    const resent = await app.inject({ method: 'POST', url: `/issuer/corpay/cards/${cardId}/webhooks`, payload: { copies: 2 } });
    expect(resent.json().data).toEqual({ transactionId: first.transactions[0].transactionId, webhookId: first.webhookIds[0], copies: 2 });
    const notices = await cardService.waitFor(3);
    expect(new Set(notices.map((n) => JSON.parse(n.body).id))).toEqual(new Set([first.webhookIds[0]]));
    const none = await app.inject({ method: 'POST', url: `/issuer/corpay/cards/${cardId}/webhooks`, payload: { transactionId: 'cp_txn_missing' } });
    expect(none.statusCode).toBe(404);
  });
});
