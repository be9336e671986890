// The seeds' "extra order" variants of the pay URL and trade status calls (001 §4 "Transaction
// status polling", 002 §7: named without paths; ours are /v1/pay/extraOrder/*). They answer the
// owner's orders exactly like the plain calls, so they reuse the plain routes' handlers: captured
// when pay.ts registers them (an onRoute hook added before payRoutes) and registered again under
// the alias. The transaction check's variant lives in notice.ts.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AppInstance } from '@aipay/kit';

const TARGETS = ['POST /v1/pay/payUrl', 'POST /v1/pay/tradeStatus'] as const;
export type AliasTarget = (typeof TARGETS)[number];

/** The route options of the plain routes, captured as they are registered. */
export class RouteCapture {
  private readonly routes = new Map<string, RouteOptions>();

  constructor(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        const key = `${method} ${route.url}`;
        if ((TARGETS as readonly string[]).includes(key)) this.routes.set(key, route);
      }
    });
  }

  /** The captured route; throws at start-up when the plain route was not registered (yet). */
  get(target: AliasTarget): RouteOptions {
    const route = this.routes.get(target);
    if (!route) throw new Error(`${target} must be registered (payRoutes) before its aliases`);
    return route;
  }
}

/** Registers `url` with the hooks, schema and handler of the captured route. */
export function alias(app: AppInstance, url: string, target: RouteOptions): void {
  app.route({
    method: 'POST',
    url,
    schema: target.schema,
    onRequest: target.onRequest,
    preValidation: target.preValidation,
    preHandler: target.preHandler,
    handler: target.handler,
  } as RouteOptions);
}

export function extraOrderRoutes(app: AppInstance, capture: RouteCapture): void {
  alias(app, '/v1/pay/extraOrder/payUrl', capture.get('POST /v1/pay/payUrl'));
  alias(app, '/v1/pay/extraOrder/tradeStatus', capture.get('POST /v1/pay/tradeStatus'));
}
