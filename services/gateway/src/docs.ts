// /docs: one Swagger UI over every service's OpenAPI document, fetched live and shown under /api.
import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';
import type { ServiceName } from './routing.js';

export async function registerDocs(app: FastifyInstance, upstreams: Partial<Record<ServiceName, string>>): Promise<void> {
  const services = Object.entries(upstreams).filter(([, url]) => url) as [ServiceName, string][];

  app.get<{ Params: { service: string } }>('/docs/specs/:service', { schema: { hide: true } }, async (request, reply) => {
    const name = request.params.service.replace(/\.json$/, '');
    const upstream = upstreams[name as ServiceName];
    if (!upstream) return reply.status(404).send({ code: 404, msg: 'unknown service', data: null });
    try {
      const response = await fetch(`${upstream}/openapi.json`, { signal: AbortSignal.timeout(5000) });
      const spec = (await response.json()) as Record<string, unknown>;
      return { ...spec, servers: [{ url: '/api', description: `${name} through the gateway` }] };
    } catch {
      return reply.status(503).send({ code: 503, msg: `${name} is not reachable`, data: null });
    }
  });

  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: {
      urls: [
        { url: '/openapi.json', name: 'gateway' },
        ...services.map(([name]) => ({ url: `/docs/specs/${name}.json`, name })),
      ],
      docExpansion: 'list',
      deepLinking: true,
    },
  });
}
