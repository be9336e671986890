// One card platform's API under its base path (docs/card-issuers.md): requests signed with the API
// secret, answers signed with the webhook secret, errors as `{error: {code, message}}`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ISSUER_SCHEMES, signIssuerAnswer, verifyIssuerRequest, type IssuerPlatform } from '@aipay/pay-protocols';
import type { SandboxConfig } from '../../config.js';
import type { SandboxApp } from '../../http.js';
import { publicCard, secureCard, transactionView, type IssuerCard } from './model.js';
import { envPrefix, issuerSecrets } from './platforms.js';
import type { IssuerStore, MoveRefusal, StatusAction } from './store.js';

export interface IssuerContext {
  config: SandboxConfig;
  store: IssuerStore;
}

const requestId = z.string().trim().min(1).max(64);
const cents = z.number().int().positive().max(100_000_000);
const issueBody = z.object({
  requestId,
  holder: z.object({
    firstName: z.string().trim().min(1).max(64),
    lastName: z.string().trim().min(1).max(64),
    email: z.email().optional(),
    phone: z.string().trim().min(5).max(32).optional(),
  }),
  /** Standard cards 2 years, Pro 4. */
  validityYears: z.number().int().min(1).max(10).default(2),
  initialAmount: z.number().int().min(0).max(100_000_000).default(0),
  label: z.string().trim().min(1).max(64).optional(),
});
const moneyBody = z.object({ requestId, amount: cents });
const statusBody = z.object({ requestId: requestId.optional() }).nullish();
const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });

type ErrorCode =
  | 'not_configured'
  | 'invalid_signature'
  | 'invalid_request'
  | 'card_not_found'
  | 'card_cancelled'
  | 'insufficient_balance'
  | 'reserve_depleted'
  | 'request_id_reused';

const STATUS: Record<ErrorCode, number> = {
  not_configured: 401,
  invalid_signature: 401,
  invalid_request: 400,
  card_not_found: 404,
  card_cancelled: 409,
  insufficient_balance: 409,
  reserve_depleted: 409,
  request_id_reused: 409,
};

const MOVE_ERRORS: Record<MoveRefusal, [ErrorCode, string]> = {
  notFound: ['card_not_found', 'No such card.'],
  cancelled: ['card_cancelled', 'The card is cancelled.'],
  insufficientBalance: ['insufficient_balance', 'The amount exceeds the card balance.'],
  reserveDepleted: ['reserve_depleted', 'The USD reserve cannot cover this top-up.'],
  requestIdReused: ['request_id_reused', 'This requestId was used for another movement on this card.'],
};

export function registerIssuerApi(app: SandboxApp, platform: IssuerPlatform, context: IssuerContext): void {
  // Encapsulated, so the signing hook and the error shape apply to this platform's routes only.
  app.register(async (scope) => {
    const { webhookSecret } = issuerSecrets(context.config, platform);
    // Every answer, errors of the framework included, signed over `timestamp.status.path.body`.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (webhookSecret && typeof payload === 'string') {
        reply.headers(signIssuerAnswer(platform, { secret: webhookSecret, status: reply.statusCode, path: request.url, body: payload }));
      }
      return payload;
    });
    scope.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'issuer API failed');
      const message = status === 500 ? 'Internal error.' : (error.message ?? 'Bad request.');
      return reply.status(status).type('application/json; charset=utf-8').send({ error: { code: status === 500 ? 'internal_error' : 'invalid_request', message } });
    });
    registerRoutes(scope, platform, context);
  });
}

function registerRoutes(app: SandboxApp, platform: IssuerPlatform, { config, store }: IssuerContext): void {
  const base = ISSUER_SCHEMES[platform].basePath;
  const secrets = issuerSecrets(config, platform);

  // Sent as text, so the signing hook sees exactly the bytes that go out.
  const answer = (reply: FastifyReply, status: number, payload: object): FastifyReply =>
    reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(payload));
  const fail = (reply: FastifyReply, code: ErrorCode, message: string, extra: object = {}) => answer(reply, STATUS[code], { error: { code, message, ...extra } });

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!secrets.apiSecret) return fail(reply, 'not_configured', `sandbox: ${platform} is not configured (set ${envPrefix(platform)}API_SECRET).`);
    const verdict = verifyIssuerRequest(platform, { secret: secrets.apiSecret, method: request.method, path: request.url, body: request.rawBody ?? '', headers: request.headers });
    if (!verdict.ok) return fail(reply, 'invalid_signature', `Signature check failed: ${verdict.reason}.`);
  };

  /** Parses with zod; answers 400 naming the first bad field and returns null. */
  function parse<S extends z.ZodType>(schema: S, value: unknown, reply: FastifyReply): { data: z.infer<S> } | null {
    const result = schema.safeParse(value);
    if (result.success) return { data: result.data };
    const issue = result.error.issues[0];
    void fail(reply, 'invalid_request', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
    return null;
  }

  const route = { preHandler, schema: { hide: true } };
  const cardIdOf = (request: FastifyRequest) => (request.params as { cardId: string }).cardId;
  const withCard = (handler: (card: IssuerCard, request: FastifyRequest, reply: FastifyReply) => unknown) => async (request: FastifyRequest, reply: FastifyReply) => {
    const card = await store.get(platform, cardIdOf(request));
    if (!card) return fail(reply, 'card_not_found', 'No such card.');
    return handler(card, request, reply);
  };

  app.post(`${base}/cards`, route, async (request, reply) => {
    const parsed = parse(issueBody, request.body, reply);
    if (!parsed) return reply;
    const outcome = await store.issue(platform, parsed.data);
    if (!outcome.ok) {
      const { available, needed } = outcome;
      return fail(reply, 'reserve_depleted', 'The USD reserve cannot cover a new card.', { available, needed });
    }
    return answer(reply, 200, { ...publicCard(outcome.card), ...secureCard(outcome.card), replayed: outcome.repeated });
  });

  app.get(`${base}/cards/:cardId`, route, withCard((card, _request, reply) => answer(reply, 200, publicCard(card))));
  app.get(`${base}/cards/:cardId/secure`, route, withCard((card, _request, reply) => answer(reply, 200, secureCard(card))));

  app.get(`${base}/cards/:cardId/transactions`, route, withCard((card, request, reply) => {
    const query = parse(listQuery, request.query, reply);
    if (!query) return reply;
    const transactions = card.transactions.slice(-query.data.limit).reverse().map((t) => transactionView(card, t));
    return answer(reply, 200, { cardId: card.cardId, balance: card.balance, currency: card.currency, transactions });
  }));

  for (const [path, type] of [['top-up', 'topUp'], ['withdraw', 'withdraw']] as const) {
    app.post(`${base}/cards/:cardId/${path}`, route, async (request, reply) => {
      const parsed = parse(moneyBody, request.body, reply);
      if (!parsed) return reply;
      const outcome = await store.move(platform, cardIdOf(request), type, parsed.data.requestId, parsed.data.amount);
      if (!outcome.ok) {
        const [code, message] = MOVE_ERRORS[outcome.reason];
        return fail(reply, code, message, outcome.card ? { balance: outcome.card.balance } : {});
      }
      const { card, transaction, repeated } = outcome;
      return answer(reply, 200, { transaction: transactionView(card, transaction), card: publicCard(card), replayed: repeated });
    });
  }

  for (const action of ['freeze', 'unfreeze', 'cancel'] as const satisfies readonly StatusAction[]) {
    app.post(`${base}/cards/:cardId/${action}`, route, async (request, reply) => {
      const parsed = parse(statusBody, request.body, reply);
      if (!parsed) return reply;
      const outcome = await store.setStatus(platform, cardIdOf(request), action, parsed.data?.requestId);
      if (!outcome.ok) {
        return outcome.reason === 'notFound'
          ? fail(reply, 'card_not_found', 'No such card.')
          : fail(reply, 'card_cancelled', 'The card is cancelled.');
      }
      return answer(reply, 200, { card: publicCard(outcome.card), ...(action === 'cancel' ? { released: outcome.released } : {}) });
    });
  }

  app.get(`${base}/reserve`, route, async (_request, reply) => answer(reply, 200, { currency: 'USD', available: await store.reserve(platform) }));
}
